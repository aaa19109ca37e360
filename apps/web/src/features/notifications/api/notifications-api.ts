import { infiniteQueryOptions, queryOptions, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { Notification, NotificationList, NotificationSetting } from '@pharma/contracts';
import { api } from '../../../lib/api-client';

const pageSize = 20;

/** The bell's list: newest first, a page at a time by keyset (the id of the last one shown). */
export const notificationsQuery = infiniteQueryOptions({
  queryKey: ['notifications', 'list'],
  queryFn: ({ pageParam, signal }: { pageParam: number; signal: AbortSignal }) =>
    api.notifications.list({ query: { size: pageSize, ...(pageParam ? { before: pageParam } : {}) }, signal }),
  initialPageParam: 0,
  getNextPageParam: (last: NotificationList): number | undefined => (last.hasMore ? last.items.at(-1)?.id : undefined),
});

/** The bell's count, apart from the list (which loads when the bell is first opened). */
export const unreadQuery = queryOptions({
  queryKey: ['notifications', 'unread'],
  queryFn: ({ signal }) => api.notifications.list({ query: { size: 1 }, signal }).then((list) => list.unread),
});
export const useUnreadNotifications = () => useQuery(unreadQuery).data ?? 0;

type Pages = InfiniteData<NotificationList, unknown>;

/** The unread count all pages agree on (each page carries it; the first is the newest). */
export const unreadOf = (data: Pages | undefined) => data?.pages[0]?.unread ?? 0;

/** A notification that came by the stream goes on top of the list, once (a reconnect may send it again), and counts as unread. */
export function addArrived(queryClient: QueryClient, n: Notification): void {
  if (!n.readAt) queryClient.setQueryData<number>(unreadQuery.queryKey, (count) => (count ?? 0) + 1);
  queryClient.setQueryData<Pages>(notificationsQuery.queryKey, (data) => {
    if (!data) return data;
    if (data.pages.some((page) => page.items.some((item) => item.id === n.id))) return data;
    const [first, ...rest] = data.pages;
    return { ...data, pages: [{ ...first!, items: [n, ...first!.items], unread: first!.unread + (n.readAt ? 0 : 1) }, ...rest] };
  });
}

function markRead(data: Pages | undefined, id: number | 'all', unread: number): Pages | undefined {
  if (!data) return data;
  const now = new Date().toISOString();
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      unread,
      items: page.items.map((item) => (!item.readAt && (id === 'all' || item.id === id) ? { ...item, readAt: now } : item)),
    })),
  };
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.notifications.read({ params: { id } }),
    onSuccess: ({ unread }, id) => {
      queryClient.setQueryData<Pages>(notificationsQuery.queryKey, (data) => markRead(data, id, unread));
      queryClient.setQueryData(unreadQuery.queryKey, unread);
    },
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.notifications.readAll(),
    onSuccess: () => {
      queryClient.setQueryData<Pages>(notificationsQuery.queryKey, (data) => markRead(data, 'all', 0));
      queryClient.setQueryData(unreadQuery.queryKey, 0);
    },
  });
}

/** `waitForLink`: a code was given out, so the settings are read every few seconds until the bot has linked the chat. */
export const useNotificationSettings = (waitForLink = false) =>
  useQuery({
    queryKey: ['notifications', 'settings'],
    queryFn: ({ signal }) => api.notifications.settings({ signal }),
    refetchInterval: (query) => (waitForLink && !query.state.data?.telegramLinked ? 3000 : false),
  });

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (items: NotificationSetting[]) => api.notifications.saveSettings({ body: { items } }),
    onSuccess: (settings) => queryClient.setQueryData(['notifications', 'settings'], settings),
  });
}
