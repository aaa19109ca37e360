import { useState } from 'react';
import { Flex, Tag, Typography, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChatTemplate } from '@pharma/contracts';
import { ReferenceListPage, RowActions, useActionsColumn } from '../../../components/reference';
import { useLanguage } from '../../../lib/i18n';
import { useCan } from '../../../lib/permissions';
import { useChatChannels, useChatTemplates, useDeleteChatTemplate } from '../api/chat-templates-api';
import { TemplateFormModal } from '../components/template-form-modal';

/**
 * Settings → Social networks: whether each channel is connected (the server's configuration holds their
 * credentials; README) and the reply templates of the client chats, shown in the current language;
 * changed with settings.edit.
 */
export function ChatTemplatesPage() {
  const { t } = useTranslation('chats');
  const lng = useLanguage();
  const canEdit = useCan('settings.edit');
  const query = useChatTemplates();
  const remove = useDeleteChatTemplate();
  const [target, setTarget] = useState<ChatTemplate | 'new' | null>(null);

  const actions = useActionsColumn<ChatTemplate>(canEdit, 96, (tpl) => (
    <RowActions
      edit={{ label: t('templates.editOf', { name: tpl.name }), onClick: () => setTarget(tpl) }}
      remove={{ label: t('templates.deleteOf', { name: tpl.name }), onConfirm: () => remove.mutateAsync(tpl.id) }}
    />
  ));
  const columns: TableProps<ChatTemplate>['columns'] = [
    { key: 'name', dataIndex: 'name', title: t('templates.name'), width: 240 },
    {
      key: 'text',
      title: t('templates.textColumn'),
      render: (_, tpl) => (
        <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: 0, whiteSpace: 'pre-wrap' }} lang={lng}>
          {tpl.text[lng]}
        </Typography.Paragraph>
      ),
    },
    ...actions,
  ];
  return (
    <ReferenceListPage<ChatTemplate>
      title={t('nav:titles.chatTemplates')}
      add={{ show: canEdit, label: t('templates.add'), onClick: () => setTarget('new') }}
      toolbar={<ChannelStates />}
      table={{ query, rows: query.data, rowKey: 'id', columns, emptyText: t('templates.empty') }}
    >
      {target ? <TemplateFormModal template={target === 'new' ? null : target} onClose={() => setTarget(null)} /> : null}
    </ReferenceListPage>
  );
}

function ChannelStates() {
  const { t } = useTranslation('chats');
  const channels = useChatChannels();
  return (
    <Flex gap={8} wrap align="center" role="list" aria-label={t('channels.title')}>
      <Typography.Text strong>{t('channels.title')}</Typography.Text>
      {(channels.data ?? []).map((c) => (
        <Tag
          key={c.channel}
          role="listitem"
          color={c.connected ? 'success' : 'default'}
          title={c.webhookUrl ? t('channels.webhook', { url: c.webhookUrl }) : undefined}
        >
          {t(`enums:chatChannel.${c.channel}`)}: {t(c.connected ? 'channels.connected' : 'channels.notConnected')}
        </Tag>
      ))}
    </Flex>
  );
}
