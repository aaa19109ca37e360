import { useEffect, useRef } from 'react';
import { Button, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '@pharma/contracts';
import { EmptyState } from '../../../components/empty-state';
import { QueryError } from '../../../components/query-error';
import { formatDateTime } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { useChat, useChatMessages, useReadChat } from '../api/chats-api';
import { ChatHeader } from './chat-header';
import { ReplyBox } from './reply-box';
import { ChatAttachment } from './chat-attachment';

function ChatBubble({ message }: { message: ChatMessage }) {
  const { t } = useTranslation('chats');
  const ours = message.direction === 'out';
  return (
    <div className={`chat-message ${ours ? 'chat-message--ours' : ''}`} data-testid="chat-message" data-direction={message.direction}>
      {ours && message.authorName ? (
        <Typography.Text strong className="chat-message__author">
          {message.authorName}
        </Typography.Text>
      ) : null}
      {message.attachments.length ? (
        <div className="chat-message__files">
          {message.attachments.map((file) => (
            <ChatAttachment key={file.id} file={file} />
          ))}
        </div>
      ) : null}
      {message.text ? <div className="chat-message__text">{message.text}</div> : null}
      <Typography.Text type="secondary" className="chat-message__meta">
        {formatDateTime(message.createdAt)}
        {ours && message.delivery ? (
          <>
            {' · '}
            <Typography.Text type={message.delivery === 'failed' ? 'danger' : 'secondary'} className="chat-message__delivery" data-testid="chat-delivery">
              {t(`enums:chatDelivery.${message.delivery}`)}
            </Typography.Text>
          </>
        ) : null}
      </Typography.Text>
    </div>
  );
}

/**
 * An open client conversation: its header, the messages (oldest at the top, newest at the bottom, earlier
 * ones on request), read when opened and when a new client message arrives, and the reply box.
 */
export function ChatView({ id, onBack }: { id: number; onBack?: () => void }) {
  const { t } = useTranslation('chats');
  const canEdit = useCan('chats.edit');
  const chat = useChat(id);
  const history = useChatMessages(id);
  const read = useReadChat(id);
  const items = history.data?.pages.flatMap((p) => p.items) ?? [];
  const newestIncoming = items.find((m) => m.direction === 'in')?.id ?? 0;
  const marked = useRef<string>('');
  const markRead = read.mutate;
  useEffect(() => {
    const key = `${id}:${newestIncoming}`;
    if (!history.isSuccess || marked.current === key) return;
    marked.current = key;
    markRead();
  }, [id, newestIncoming, history.isSuccess, markRead]);

  if (chat.isError) return <QueryError error={chat.error} onRetry={() => void chat.refetch()} retrying={chat.isFetching} />;
  return (
    <Flex vertical className="chat-view" data-testid="chat-view">
      {chat.data ? <ChatHeader chat={chat.data} onBack={onBack} /> : <Skeleton active title paragraph={{ rows: 1 }} />}
      {/* column-reverse keeps the newest message in view: a chat is read from the bottom */}
      <div className="chat-history" role="log" aria-label={chat.data?.title ?? t('title')}>
        {history.isPending ? (
          <Skeleton active />
        ) : history.isError ? (
          <QueryError error={history.error} onRetry={() => void history.refetch()} retrying={history.isFetching} />
        ) : !items.length ? (
          <EmptyState description={t('empty.messages')} />
        ) : (
          <>
            {items.map((m) => (
              <ChatBubble key={m.id} message={m} />
            ))}
            {history.hasNextPage ? (
              <Button type="link" loading={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()} className="chat-history__earlier">
                {t('actions.showEarlier')}
              </Button>
            ) : null}
          </>
        )}
      </div>
      {canEdit ? <ReplyBox key={id} chatId={id} /> : null}
    </Flex>
  );
}
