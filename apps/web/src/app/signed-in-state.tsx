import { useEffect } from 'react';
import { keepDayData, keepSavingDayData, restoreDayData } from '../lib/day-data';
import { onOutboxDrained } from '../lib/outbox';
import { queryClient } from '../lib/query-client';
import { loadCourierDay } from '../features/courier';
import { loadRepDays } from '../features/visits';
import { keepNotifications } from '../features/notifications';
import { useSession } from '../lib/session';

/**
 * A signed-in user's background work, apart from server-state.tsx so that IndexedDB's code stays off the
 * login (issue 16): a field role's kept answers read back (then `onRestored`) and saved as they change,
 * its coming days loaded ahead on sign-in and whenever the network returns; once the phone's queue has
 * sent everything, what the screens show is loaded again from the server. The user's notifications
 * stream in while signed in (issue 17).
 */
export function SignedInWork({ fieldUser, onRestored }: { fieldUser: number | null; onRestored: (userId: number) => void }) {
  const userId = useSession().user?.id;
  useEffect(() => (userId === undefined ? undefined : keepNotifications(queryClient, userId)), [userId]);
  useEffect(() => keepDayData(queryClient, { rep: loadRepDays, courier: loadCourierDay }), []);
  useEffect(() => onOutboxDrained(() => void queryClient.invalidateQueries()), []);
  useEffect(() => {
    if (fieldUser === null) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void restoreDayData(queryClient, fieldUser).finally(() => {
      if (cancelled) return;
      onRestored(fieldUser);
      stop = keepSavingDayData(queryClient, fieldUser);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [fieldUser, onRestored]);
  return null;
}
