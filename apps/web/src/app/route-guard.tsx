import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { tokenExpiryCheckMs } from '@pharma/contracts';
import { isExpired, isSignedIn, logout, updateGrants, useSession } from '../lib/session';
import { useProfile } from '../features/account/api/get-profile';

/** Where a signed-out user wanted to go, so sign-in can return there. */
export interface LoginState {
  from?: string;
}

/** Without a valid token every route except /login goes to /login (spec §4). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const signedIn = isSignedIn(session) && !isExpired(session);
  useEffect(() => {
    if (isSignedIn(session) && isExpired(session)) logout();
  }, [session]);
  if (!signedIn) {
    const from = `${location.pathname}${location.search}`;
    return <Navigate to="/login" replace state={{ from: from === '/' ? undefined : from } satisfies LoginState} />;
  }
  return (
    <>
      <SessionWatcher />
      {children}
    </>
  );
}

/** With a token, /login goes to the main screen (or back where the user came from). */
export function GuestOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (isSignedIn(session) && !isExpired(session)) {
    const from = (location.state as LoginState | null)?.from;
    return <Navigate to={from && from !== '/login' ? from : '/main'} replace />;
  }
  return <>{children}</>;
}

/**
 * Signed-in background work: the expiry check every 10 s (spec §4, §9) and the fresh
 * rights of the user's role from /account/me (an administrator may change them meanwhile).
 */
function SessionWatcher() {
  const profile = useProfile();
  const grants = profile.data?.grants;
  useEffect(() => {
    if (grants) updateGrants(grants);
  }, [grants]);
  useEffect(() => {
    const check = () => {
      if (isExpired()) logout();
    };
    check();
    const timer = window.setInterval(check, tokenExpiryCheckMs);
    return () => window.clearInterval(timer);
  }, []);
  return null;
}
