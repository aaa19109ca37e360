import { useEffect } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { ChatMessages, ChatReplyBody, ChatSummary, ListChatsQuery, UpdateChatBody } from '@pharma/contracts';
import { api, fileTimeoutMs } from '../../../lib/api-client';
import { onNotificationSignal } from '../../notifications';
import { chatsKeys, chatsRefreshMs } from './chats-keys';

const pageSize = 25;

/** The inbox, newest conversation first, a page more on "Load more"; read again on the stream's signal (`useChatSignals`), and slowly polled should the stream be down. */
export const useChats = (filters: Omit<ListChatsQuery, 'page' | 'size'>) =>
  useInfiniteQuery({
    queryKey: chatsKeys.list(filters),
    queryFn: ({ pageParam, signal }) => api.chats.list({ query: { ...filters, page: pageParam, size: pageSize }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.reduce((n, p) => n + p.items.length, 0) < last.total ? last.page + 1 : undefined),
    refetchInterval: chatsRefreshMs,
  });

export const useChat = (id: number) =>
  useQuery({ queryKey: chatsKeys.chat(id), queryFn: ({ signal }) => api.chats.get({ params: { id }, signal }), refetchInterval: chatsRefreshMs });

/** A conversation's messages, newest first in each page, earlier ones by the `before` keyset. */
export const useChatMessages = (id: number) =>
  useInfiniteQuery({
    queryKey: chatsKeys.messages(id),
    queryFn: ({ pageParam, signal }) => api.chats.messages({ params: { id }, query: { before: pageParam }, signal }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => (page.hasMore ? page.items.at(-1)?.id : undefined),
    refetchInterval: chatsRefreshMs,
  });

/** Answers the client; the answered message joins the history at once, the inbox is read again. */
export function useReplyChat(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChatReplyBody) => api.chats.reply({ params: { id }, body }),
    onSuccess: (message) => {
      queryClient.setQueryData<InfiniteData<ChatMessages, number | undefined>>(chatsKeys.messages(id), (data) => {
        if (!data?.pages.length) return data;
        const [first, ...rest] = data.pages;
        if (first!.items.some((m) => m.id === message.id)) return data;
        return { ...data, pages: [{ ...first!, items: [message, ...first!.items] }, ...rest] };
      });
      void queryClient.invalidateQueries({ queryKey: chatsKeys.lists });
      // a reply may move the conversation to 'waiting'
      void queryClient.invalidateQueries({ queryKey: chatsKeys.chat(id) });
    },
  });
}

/** Status, assignee, organization or lead; the answer is the conversation as it now is. */
export function useUpdateChat(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateChatBody) => api.chats.update({ params: { id }, body }),
    onSuccess: (chat: ChatSummary) => {
      queryClient.setQueryData(chatsKeys.chat(id), chat);
      void queryClient.invalidateQueries({ queryKey: chatsKeys.lists });
    },
  });
}

export function useReadChat(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.chats.read({ params: { id } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: chatsKeys.lists });
      void queryClient.invalidateQueries({ queryKey: chatsKeys.chat(id) });
    },
  });
}

/** A file of a conversation (read with the user's token, kept in memory: a file never changes). */
export const useChatAttachmentBlob = (id: number) =>
  useQuery({
    queryKey: chatsKeys.attachment(id),
    queryFn: async ({ signal }) => (await api.chats.attachment({ params: { id }, signal, timeoutMs: fileTimeoutMs })).blob,
    staleTime: Infinity,
  });

/**
 * A conversation has news (a client's message, a reply delivered or not: the stream's `chatMessage`
 * signal): the inbox and that conversation are read again at once, while the chats page is open.
 */
export function useChatSignals() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onNotificationSignal((s) => {
        if (s.signal !== 'chatMessage') return;
        void queryClient.invalidateQueries({ queryKey: chatsKeys.lists });
        void queryClient.invalidateQueries({ queryKey: chatsKeys.chat(s.chatId) });
        void queryClient.invalidateQueries({ queryKey: chatsKeys.messages(s.chatId) });
      }),
    [queryClient],
  );
}
