import { useEffect, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { isFieldRole, keepDayData, persistOptionsFor } from '../lib/day-data';
import { onOutboxDrained } from '../lib/outbox';
import { queryClient } from '../lib/query-client';
import { useSession } from '../lib/session';
import { loadCourierDay } from '../features/courier';
import { loadRepDays } from '../features/visits';

/**
 * Server state for the whole app (TanStack Query). A field role's answers are kept on the phone and
 * read back before any screen asks the server (issue 16: the app works offline); their coming days are
 * loaded ahead on sign-in and whenever the network returns; once the phone's queue has sent everything,
 * what the screens show is loaded again from the server.
 */
export function ServerState({ children }: { children: ReactNode }) {
  const user = useSession().user;
  useEffect(() => keepDayData(queryClient, { rep: loadRepDays, courier: loadCourierDay }), []);
  useEffect(() => onOutboxDrained(() => void queryClient.invalidateQueries()), []);
  if (user && isFieldRole(user))
    return (
      <PersistQueryClientProvider client={queryClient} persistOptions={persistOptionsFor(user.id)}>
        {children}
      </PersistQueryClientProvider>
    );
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
