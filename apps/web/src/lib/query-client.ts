import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { onLogout } from './session';

/** No retry for an answer the server meant (4xx); two for network and server failures. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (failures, error) => {
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
        return failures < 2;
      },
    },
    mutations: { retry: false },
  },
});

// nothing of one user's data survives a sign-out
onLogout(() => queryClient.clear());
