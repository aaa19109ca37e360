import { Badge, Button, Flex, Segmented, Select, Skeleton, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { chatChannels, chatStatuses, type ChatChannel, type ChatStatus, type ChatSummary } from '@pharma/contracts';
import { EmptyState } from '../../../components/empty-state';
import { QueryError } from '../../../components/query-error';
import { SearchInput } from '../../../components/search-input';
import { formatDateTime } from '../../../lib/format';
import { useChats } from '../api/chats-api';
import { ChatChannelTag, ChatStatusTag } from './chat-labels';

export interface ChatFilters {
  status?: ChatStatus;
  channel?: ChatChannel;
  mine?: boolean;
  q?: string;
}

function ChatItem({ chat, open, onOpen }: { chat: ChatSummary; open: boolean; onOpen: () => void }) {
  const { t } = useTranslation('chats');
  const linked = chat.organizationName ?? chat.leadName;
  return (
    <button type="button" className="chat-item" aria-current={open ? 'true' : undefined} onClick={onOpen} data-testid="chat-item">
      <Flex justify="space-between" align="center" gap={8}>
        <Typography.Text strong ellipsis className="chat-item__title">
          {chat.title}
        </Typography.Text>
        {chat.unread ? <Badge count={chat.unread} title={t('list.unread', { count: chat.unread })} /> : null}
      </Flex>
      {linked ? (
        <Typography.Text type="secondary" ellipsis className="chat-item__linked">
          {linked}
        </Typography.Text>
      ) : null}
      <Typography.Text type="secondary" ellipsis className="chat-item__preview">
        {chat.lastDirection === 'out' ? `${t('list.you')}: ` : ''}
        {chat.lastMessageText}
      </Typography.Text>
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Flex gap={4}>
          <ChatChannelTag channel={chat.channel} />
          <ChatStatusTag status={chat.status} />
        </Flex>
        <Typography.Text type="secondary" className="chat-item__time">
          {formatDateTime(chat.lastMessageAt)}
        </Typography.Text>
      </Flex>
    </button>
  );
}

/** The inbox: filters (status, channel, mine, search) above the conversations, newest first, a page more on request. */
export function ChatList({
  filters,
  onFilters,
  openId,
  onOpen,
}: {
  filters: ChatFilters;
  onFilters: (patch: Partial<Record<keyof ChatFilters, string | undefined>>) => void;
  openId: number | undefined;
  onOpen: (id: number) => void;
}) {
  const { t } = useTranslation('chats');
  const list = useChats({ status: filters.status, channel: filters.channel, mine: filters.mine ? 'true' : undefined, q: filters.q });
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const filtered = !!(filters.status || filters.channel || filters.mine || filters.q);

  let body;
  if (list.isPending) body = <Skeleton active />;
  else if (list.isError) body = <QueryError error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  else if (!items.length) body = <EmptyState description={filtered ? t('empty.found') : t('empty.chats')} />;
  else
    body = (
      <>
        {items.map((chat) => (
          <ChatItem key={chat.id} chat={chat} open={chat.id === openId} onOpen={() => onOpen(chat.id)} />
        ))}
        {list.hasNextPage ? (
          <Button type="link" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()} className="chat-list__more">
            {t('list.more')}
          </Button>
        ) : null}
      </>
    );

  return (
    <Flex vertical gap={8} className="chat-list">
      <Segmented
        block
        size="small"
        aria-label={t('fields.status')}
        value={filters.status ?? 'all'}
        onChange={(v) => onFilters({ status: v === 'all' ? undefined : v })}
        options={[{ value: 'all', label: t('list.all') }, ...chatStatuses.map((s) => ({ value: s, label: t(`enums:chatStatus.${s}`) }))]}
      />
      <Flex gap={8} align="center" wrap>
        <Select
          aria-label={t('fields.channel')}
          size="small"
          style={{ minWidth: 140, flex: 1 }}
          value={filters.channel ?? ''}
          onChange={(v) => onFilters({ channel: v || undefined })}
          options={[{ value: '', label: t('list.allChannels') }, ...chatChannels.map((c) => ({ value: c, label: t(`enums:chatChannel.${c}`) }))]}
        />
        <label className="chat-list__mine">
          <Switch size="small" checked={!!filters.mine} onChange={(on) => onFilters({ mine: on ? 'true' : undefined })} />
          <span>{t('list.mine')}</span>
        </label>
      </Flex>
      <SearchInput value={filters.q} onSearch={(q) => onFilters({ q })} label={t('list.search')} />
      <nav aria-label={t('list.label')} className="chat-list__items">
        {body}
      </nav>
    </Flex>
  );
}
