import { useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { isFieldRole, keepDayData, keepSavingDayData, restoreDayData } from '../lib/day-data';
import { onOutboxDrained } from '../lib/outbox';
import { queryClient } from '../lib/query-client';
import { useSession } from '../lib/session';
import { loadCourierDay } from '../features/courier';
import { loadRepDays } from '../features/visits';

/**
 * Server state for the whole app (TanStack Query). A field role's answers are kept on the phone and
 * read back before any screen asks the server (issue 16: the app works offline; the splash covers the
 * few milliseconds); their coming days are loaded ahead on sign-in and whenever the network returns;
 * once the phone's queue has sent everything, what the screens show is loaded again from the server.
 */
export function ServerState({ children }: { children: ReactNode }) {
  const user = useSession().user;
  const fieldUser = user && isFieldRole(user) ? user.id : null;
  const [restoredFor, setRestoredFor] = useState<number | null>(null);
  useEffect(() => keepDayData(queryClient, { rep: loadRepDays, courier: loadCourierDay }), []);
  useEffect(() => onOutboxDrained(() => void queryClient.invalidateQueries()), []);
  useEffect(() => {
    if (fieldUser === null) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void restoreDayData(queryClient, fieldUser).finally(() => {
      if (cancelled) return;
      setRestoredFor(fieldUser);
      stop = keepSavingDayData(queryClient, fieldUser);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [fieldUser]);
  if (fieldUser !== null && restoredFor !== fieldUser) return null;
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
