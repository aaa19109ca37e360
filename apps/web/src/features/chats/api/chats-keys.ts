import type { ListChatsQuery } from '@pharma/contracts';

/** Every query of the client chats starts with 'chats': a change reads the list and the open conversation again. */
export const chatsKeys = {
  all: ['chats'] as const,
  lists: ['chats', 'list'] as const,
  list: (filters: Omit<ListChatsQuery, 'page'>) => ['chats', 'list', filters] as const,
  chat: (id: number) => ['chats', 'chat', id] as const,
  messages: (id: number) => ['chats', 'messages', id] as const,
  attachment: (id: number) => ['chats', 'attachment', id] as const,
  templates: ['chats', 'templates'] as const,
};

/**
 * News comes by the notification stream's `chatMessage` signal (`useChatSignals`); should the stream be
 * down, the inbox and the open conversation are still read again this often while the page is visible.
 */
export const chatsRefreshMs = 60_000;
