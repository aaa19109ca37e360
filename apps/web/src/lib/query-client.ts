import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { isOnline } from './connection';
import { onLogout } from './session';

/**
 * Every request is made, online or not (networkMode 'always'): TanStack's default pauses queries and
 * mutations while the browser reports no network, which left Save and Complete spinning forever;
 * a request that cannot be made fails at once with the api client's NETWORK error, shown with Retry.
 * No retry for an answer the server meant (4xx) nor while offline; two for network and server failures.
 */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    // Without a network a screen keeps showing what it had, the offline banner saying how old it is (issue 16):
    // a refetch that got no answer does not turn the answer it had into an error screen.
    onError: (error, query) => {
      if (error instanceof ApiError && error.code === 'NETWORK' && query.state.data !== undefined)
        query.setState({ ...query.state, status: 'success', error: null, fetchFailureCount: 0, fetchFailureReason: null });
    },
  }),
  defaultOptions: {
    queries: {
      networkMode: 'always',
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (failures, error) => {
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
        if (!isOnline()) return false;
        return failures < 2;
      },
    },
    mutations: { networkMode: 'always', retry: false },
  },
});

// nothing of one user's data survives a sign-out
onLogout(() => queryClient.clear());

/**
 * A record's name from what the screens have already loaded (any page, list or record under the key's
 * prefix): what a write queued on the phone shows before the server answers it (issue 16).
 */
export function cachedName(client: QueryClient, prefix: string, id: number, field: 'name' | 'fullName' = 'name'): string | null {
  const named = (value: unknown): string | null => {
    if (!value || typeof value !== 'object') return null;
    const record = value as Record<string, unknown>;
    if (record.id === id && typeof record[field] === 'string') return record[field] as string;
    const list = Array.isArray(value) ? value : Array.isArray(record.items) ? record.items : null;
    for (const item of list ?? []) {
      const found = named(item);
      if (found) return found;
    }
    return null;
  };
  for (const [, data] of client.getQueriesData({ queryKey: [prefix] })) {
    const found = named(data);
    if (found) return found;
  }
  return null;
}
