import { lazy, Suspense, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../lib/query-client';
import { isFieldRole, useSession } from '../lib/session';

// IndexedDB (Dexie), the phone's queue and the days kept ahead are a signed-in user's: the login does not download them (issue 16)
const SignedInWork = lazy(() => import('./signed-in-state').then((m) => ({ default: m.SignedInWork })));

/**
 * Server state for the whole app (TanStack Query). A field role's answers are kept on the phone and
 * read back before any screen asks the server (issue 16: the app works offline; the splash covers the
 * few milliseconds); a signed-in user's background work runs beside (signed-in-state.tsx).
 */
export function ServerState({ children }: { children: ReactNode }) {
  const user = useSession().user;
  const fieldUser = user && isFieldRole(user) ? user.id : null;
  const [restoredFor, setRestoredFor] = useState<number | null>(null);
  return (
    <>
      {user ? (
        <Suspense fallback={null}>
          <SignedInWork fieldUser={fieldUser} onRestored={setRestoredFor} />
        </Suspense>
      ) : null}
      {fieldUser !== null && restoredFor !== fieldUser ? null : <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>}
    </>
  );
}
