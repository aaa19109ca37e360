import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateConversationBody, SendMessageBody } from '@pharma/contracts';
import { api, fileTimeoutMs } from '../../../lib/api-client';
import { messagesKeys } from './messages-keys';

export const useConversations = () => useQuery({ queryKey: messagesKeys.conversations, queryFn: ({ signal }) => api.messages.conversations({ signal }) });

export const useConversation = (id: number) =>
  useQuery({ queryKey: messagesKeys.conversation(id), queryFn: ({ signal }) => api.messages.conversation({ params: { id }, signal }) });

/** The history, newest first, older pages by keyset as the user scrolls up. */
export const useHistory = (id: number) =>
  useInfiniteQuery({
    queryKey: messagesKeys.history(id),
    queryFn: ({ pageParam, signal }) => api.messages.messages({ params: { id }, query: { before: pageParam }, signal }),
    initialPageParam: undefined as number | undefined,
    // a new message comes with a notification, the others' reading with a signal of the same stream
    getNextPageParam: (page) => (page.hasMore ? page.items.at(-1)?.id : undefined),
  });

export const useSearchMessages = (q: string | undefined) =>
  useQuery({ queryKey: messagesKeys.search(q ?? ''), queryFn: ({ signal }) => api.messages.search({ query: { q: q! }, signal }), enabled: !!q });

export const usePeople = (enabled: boolean) =>
  useQuery({ queryKey: ['messages', 'people'], queryFn: ({ signal }) => api.messages.people({ signal }), enabled, staleTime: 5 * 60_000 });

/** An image of a message, fetched with the user's token (never a token in an address) for an <img>. */
export const useAttachmentBlob = (id: number) =>
  useQuery({
    queryKey: messagesKeys.attachment(id),
    queryFn: async ({ signal }) => (await api.messages.attachment({ params: { id }, signal, timeoutMs: fileTimeoutMs })).blob,
    staleTime: Infinity,
  });

export function useCreateConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateConversationBody) => api.messages.createConversation({ body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: messagesKeys.conversations }),
  });
}

export function useSendMessage(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendMessageBody) => api.messages.send({ params: { id }, body, timeoutMs: body.attachments?.length ? fileTimeoutMs : undefined }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: messagesKeys.history(id) });
      void queryClient.invalidateQueries({ queryKey: messagesKeys.conversations });
    },
  });
}

/** Marks the open conversation read up to its newest message; the list and the badge follow. */
export function useReadConversation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: number) => api.messages.read({ params: { id }, body: { messageId } }),
    onSuccess: ({ unread }) => {
      queryClient.setQueryData(messagesKeys.unread, { unread });
      void queryClient.invalidateQueries({ queryKey: messagesKeys.conversations });
    },
  });
}
