import { useState } from 'react';
import { Alert, Badge, Button, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConversationSummary } from '@pharma/contracts';
import { EmptyState } from '../../../components/empty-state';
import { SearchInput } from '../../../components/search-input';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useConversations, useSearchMessages } from '../api/messages-api';

function ConversationItem({ item, open, onOpen }: { item: ConversationSummary; open: boolean; onOpen: () => void }) {
  const { t } = useTranslation('messages');
  return (
    <button type="button" className="messages-item" aria-current={open ? 'true' : undefined} onClick={onOpen} data-testid="conversation-item">
      <Flex justify="space-between" align="center" gap={8}>
        <Typography.Text strong ellipsis className="messages-item__title">
          {item.title}
        </Typography.Text>
        {item.unread ? <Badge count={item.unread} title={t('unread', { count: item.unread })} /> : null}
      </Flex>
      {item.lastMessage ? (
        <Flex justify="space-between" gap={8}>
          <Typography.Text type="secondary" ellipsis className="messages-item__preview">
            {item.lastMessage.senderName}: {item.lastMessage.text}
          </Typography.Text>
          <Typography.Text type="secondary" className="messages-item__time">
            {formatDateTime(item.lastMessage.createdAt)}
          </Typography.Text>
        </Flex>
      ) : null}
    </button>
  );
}

/** My conversations, the latest first, with their unread counts; a search of their text above them. */
export function ConversationList({ openId, onOpen }: { openId: number | undefined; onOpen: (id: number) => void }) {
  const { t } = useTranslation('messages');
  const [q, setQ] = useState<string | undefined>();
  const list = useConversations();
  const found = useSearchMessages(q);
  let body;
  if (q) {
    if (found.isPending) body = <Skeleton active />;
    else if (found.isError) body = <Alert type="error" showIcon message={errorMessage(found.error)} />;
    else if (!found.data.items.length) body = <EmptyState description={t('empty.found')} />;
    else
      body = found.data.items.map((hit) => (
        <button type="button" key={hit.id} className="messages-item" onClick={() => onOpen(hit.conversationId)}>
          <Typography.Text strong ellipsis>
            {hit.conversationTitle}
          </Typography.Text>
          <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} className="messages-item__preview">
            {hit.senderName}: {hit.text}
          </Typography.Paragraph>
        </button>
      ));
  } else if (list.isPending) body = <Skeleton active />;
  else if (list.isError)
    body = (
      <Alert
        type="error"
        showIcon
        message={errorMessage(list.error)}
        action={
          <Button size="small" onClick={() => void list.refetch()}>
            {t('common:actions.retry')}
          </Button>
        }
      />
    );
  else if (!list.data.items.length) body = <EmptyState description={t('empty.conversations')} />;
  else body = list.data.items.map((item) => <ConversationItem key={item.id} item={item} open={item.id === openId} onOpen={() => onOpen(item.id)} />);
  return (
    <Flex vertical gap={8} className="messages-list">
      <SearchInput value={q} onSearch={setQ} label={t('search')} />
      <nav aria-label={t('title')} className="messages-list__items">
        {body}
      </nav>
    </Flex>
  );
}
