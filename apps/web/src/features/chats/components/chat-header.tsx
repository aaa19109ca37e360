import { useState } from 'react';
import { App, Button, Flex, Select, Typography } from 'antd';
import { ArrowLeftOutlined, LinkOutlined, UserAddOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { chatStatuses, type ChatStatus, type ChatSummary, type UpdateChatBody } from '@pharma/contracts';
import { OrganizationPicker } from '../../organizations';
import { errorMessage } from '../../../lib/api-client';
import { hrefOf } from '../../../lib/paths';
import { useCan } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { useUpdateChat } from '../api/chats-api';
import { ChatChannelTag } from './chat-labels';

/** The open conversation's title and channel, its link, status, assignee, and (with chats.edit) the controls that change them. */
export function ChatHeader({ chat, onBack }: { chat: ChatSummary; onBack?: () => void }) {
  const { t } = useTranslation('chats');
  const { message } = App.useApp();
  const me = useSession().user?.id;
  const canEdit = useCan('chats.edit');
  const update = useUpdateChat(chat.id);
  const [linking, setLinking] = useState(false);
  const change = (body: UpdateChatBody, done?: () => void) =>
    update.mutate(body, { onSuccess: done, onError: (error) => void message.error(errorMessage(error)) });

  return (
    <Flex vertical gap={6} className="chat-header">
      <Flex align="center" gap={8} wrap>
        {onBack ? <Button type="text" icon={<ArrowLeftOutlined />} onClick={onBack} aria-label={t('actions.back')} /> : null}
        <Typography.Title level={2} className="chat-header__title" ellipsis>
          {chat.title}
        </Typography.Title>
        <ChatChannelTag channel={chat.channel} />
      </Flex>
      <Flex align="center" gap={8} wrap className="chat-header__meta">
        {chat.organizationId ? (
          <Link to={hrefOf('organization', { id: chat.organizationId })} data-testid="chat-organization">
            {chat.organizationName ?? t('header.organization')}
          </Link>
        ) : chat.leadId ? (
          <Link to={hrefOf('leads', {}, { lead: chat.leadId })} data-testid="chat-lead">
            {chat.leadName ?? t('header.lead')}
          </Link>
        ) : (
          <Typography.Text type="secondary">{t('header.notLinked')}</Typography.Text>
        )}
        <Typography.Text type="secondary" data-testid="chat-assignee">
          {t('header.assignee')}: {chat.assignedName ?? t('header.unassigned')}
        </Typography.Text>
      </Flex>
      {canEdit ? (
        <Flex align="center" gap={8} wrap>
          <Select<ChatStatus>
            aria-label={t('fields.status')}
            size="small"
            style={{ minWidth: 150 }}
            value={chat.status}
            disabled={update.isPending}
            onChange={(status) => change({ status })}
            options={chatStatuses.map((s) => ({ value: s, label: t(`enums:chatStatus.${s}`) }))}
          />
          {chat.assignedTo !== me && me ? (
            <Button
              size="small"
              icon={<UserAddOutlined />}
              loading={update.isPending && update.variables?.assignedTo === me}
              onClick={() => change({ assignedTo: me })}
            >
              {t('actions.assignToMe')}
            </Button>
          ) : null}
          <Button size="small" icon={<LinkOutlined />} onClick={() => setLinking((v) => !v)} aria-expanded={linking}>
            {t('actions.linkOrganization')}
          </Button>
        </Flex>
      ) : null}
      {canEdit && linking ? (
        <Flex gap={8} align="center" wrap>
          <div style={{ flex: 1, minWidth: 220 }}>
            <OrganizationPicker
              ariaLabel={t('actions.linkOrganization')}
              value={chat.organizationId}
              disabled={update.isPending}
              onChange={(organizationId) => change({ organizationId }, () => setLinking(false))}
            />
          </div>
          <Button size="small" onClick={() => setLinking(false)}>
            {t('common:actions.cancel')}
          </Button>
        </Flex>
      ) : null}
    </Flex>
  );
}
