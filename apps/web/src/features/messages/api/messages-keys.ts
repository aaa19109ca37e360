import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * Every query of messages starts with 'messages': a `message` notification (keep-notifications.ts)
 * reads them all again, so an open conversation, the list and the menu's badge follow at once.
 */
export const messagesKeys = {
  all: ['messages'] as const,
  conversations: ['messages', 'conversations'] as const,
  conversation: (id: number) => ['messages', 'conversation', id] as const,
  history: (id: number) => ['messages', 'history', id] as const,
  unread: ['messages', 'unread'] as const,
  search: (q: string) => ['messages', 'search', q] as const,
  attachment: (id: number) => ['messages', 'attachment', id] as const,
};

/** The menu's count (in the app shell, so apart from the page's hooks: the shell stays light). */
export const useMessagesUnread = (enabled: boolean) =>
  useQuery({ queryKey: messagesKeys.unread, queryFn: ({ signal }) => api.messages.unread({ signal }), enabled, select: (a) => a.unread });
