import { useEffect, useRef } from 'react';
import { Alert, Button, Flex, Skeleton, Typography } from 'antd';
import { ArrowLeftOutlined, CheckOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Message } from '@pharma/contracts';
import { EmptyState } from '../../../components/empty-state';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useConversation, useHistory, useReadConversation } from '../api/messages-api';
import { Composer } from './composer';
import { MessageAttachment } from './message-attachment';
import { MessageLink } from './message-link';

function MessageBubble({ message, mine, read }: { message: Message; mine: boolean; read: boolean }) {
  const { t } = useTranslation('messages');
  return (
    <div className={`message ${mine ? 'message--mine' : ''}`} data-testid="message">
      {!mine ? (
        <Typography.Text strong className="message__sender">
          {message.senderName}
        </Typography.Text>
      ) : null}
      <div className="message__text">{message.text}</div>
      {message.attachments.length ? (
        <Flex vertical gap={4} className="message__files">
          {message.attachments.map((file) => (
            <MessageAttachment key={file.id} file={file} />
          ))}
        </Flex>
      ) : null}
      {message.link ? <MessageLink link={message.link} /> : null}
      <Typography.Text type="secondary" className="message__meta">
        {formatDateTime(message.createdAt)}
        {mine ? (
          <span className="message__status" data-testid="message-status">
            {' · '}
            {read ? (
              <>
                <CheckOutlined /> {t('status.read')}
              </>
            ) : (
              t('status.sent')
            )}
          </span>
        ) : null}
      </Typography.Text>
    </div>
  );
}

/**
 * An open conversation: its history (newest at the bottom, earlier pages on request), read up to its
 * newest message while open, and the composer. A `message` notification reads it again.
 */
export function ConversationView({ id, onBack }: { id: number; onBack?: () => void }) {
  const { t } = useTranslation('messages');
  const me = useSession().user?.id;
  const conversation = useConversation(id);
  const history = useHistory(id);
  const read = useReadConversation(id);
  const items = history.data?.pages.flatMap((p) => p.items) ?? [];
  const readByAllUpTo = history.data?.pages[0]?.readByAllUpTo ?? 0;
  const newest = items[0];
  const marked = useRef(0);
  const markRead = read.mutate;
  useEffect(() => {
    if (!newest || newest.senderId === me || newest.id <= marked.current) return;
    marked.current = newest.id;
    markRead(newest.id);
  }, [newest, me, markRead]);

  return (
    <Flex vertical className="messages-conversation" data-testid="conversation">
      <Flex align="center" gap={8} className="messages-conversation__header">
        {onBack ? <Button type="text" icon={<ArrowLeftOutlined />} onClick={onBack} aria-label={t('actions.back')} /> : null}
        <div style={{ minWidth: 0 }}>
          <Typography.Title level={2} className="messages-conversation__title" ellipsis>
            {conversation.data?.title ?? ''}
          </Typography.Title>
          {conversation.data?.kind === 'group' ? (
            <Typography.Text type="secondary">{t('membersCount', { count: conversation.data.members.length })}</Typography.Text>
          ) : null}
        </div>
      </Flex>
      {/* column-reverse keeps the newest message in view, as a chat is read from the bottom */}
      <div className="messages-history" role="log" aria-label={conversation.data?.title}>
        {history.isPending ? (
          <Skeleton active />
        ) : history.isError ? (
          <Alert type="error" showIcon message={errorMessage(history.error)} />
        ) : !items.length ? (
          <EmptyState description={t('empty.messages')} />
        ) : (
          <>
            {items.map((m) => (
              <MessageBubble key={m.id} message={m} mine={m.senderId === me} read={m.id <= readByAllUpTo} />
            ))}
            {history.hasNextPage ? (
              <Button type="link" loading={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()} className="messages-history__older">
                {t('actions.loadOlder')}
              </Button>
            ) : null}
          </>
        )}
      </div>
      <Composer key={id} conversationId={id} />
    </Flex>
  );
}
