import { useSyncExternalStore } from 'react';
import { coordinatesStorageKey, grantsStorageKey, tokenStorageKey, type Permission, type Role, type SessionUser, type TokenRecord } from '@pharma/contracts';
import { storage } from './storage';

/**
 * The session (spec §4): the token record kept under `token` as JSON (default `{}`),
 * its grants also under `grants`. Every change is broadcast to React and to other tabs
 * through the storage event.
 */
export type StoredToken = Partial<TokenRecord>;

/** The roles that work on the road: their day is kept on the phone (lib/day-data.ts, issue 16). */
export const fieldRoles: readonly Role[] = ['rep', 'courier'];
export const isFieldRole = (user: SessionUser | undefined) => !!user && fieldRoles.includes(user.role);

const expiresStorageKey = 'expires';
const defaultTitle = typeof document === 'undefined' ? '' : document.title;

function readToken(): StoredToken {
  const value = storage.getJson<StoredToken>(tokenStorageKey, {});
  return Array.isArray(value) ? {} : value;
}

let current: StoredToken = readToken();
const listeners = new Set<() => void>();
/** Why the session ended: the user signed out, or the token expired or was refused (work waiting to be sent is kept for them). */
export type LogoutReason = 'signOut' | 'expired';
const logoutHooks = new Set<(reason: LogoutReason) => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function getSession(): StoredToken {
  return current;
}

export function isSignedIn(session: StoredToken = current): boolean {
  return typeof session.access_token === 'string' && session.access_token.length > 0;
}

export function isExpired(session: StoredToken = current, now = Date.now()): boolean {
  if (!session.expires) return false;
  const at = Date.parse(session.expires);
  return Number.isFinite(at) && at <= now;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** After POST /account/authorize answered 200. */
export function signIn(record: TokenRecord): void {
  current = record;
  storage.set(tokenStorageKey, JSON.stringify(record));
  storage.set(grantsStorageKey, JSON.stringify(record.grants));
  emit();
}

/** The role's rights may change while signed in; /account/me brings the fresh list. */
export function updateGrants(grants: Permission[]): void {
  if (!isSignedIn()) return;
  const same = current.grants?.length === grants.length && grants.every((g) => current.grants?.includes(g));
  if (same) return;
  current = { ...current, grants };
  storage.set(tokenStorageKey, JSON.stringify(current));
  storage.set(grantsStorageKey, JSON.stringify(grants));
  emit();
}

/** The user's own name changed (profile): the header follows. */
export function updateSessionUser(patch: Partial<NonNullable<StoredToken['user']>>): void {
  if (!isSignedIn() || !current.user) return;
  current = { ...current, user: { ...current.user, ...patch } };
  storage.set(tokenStorageKey, JSON.stringify(current));
  emit();
}

/** Registers work to stop on logout (a geolocation watch, a timer); returns the unregister function. */
export function onLogout(hook: (reason: LogoutReason) => void): () => void {
  logoutHooks.add(hook);
  return () => logoutHooks.delete(hook);
}

/**
 * Clears the token, grants, expiry and stored coordinates, resets the page title and stops
 * background work. The route guard then sends the browser to /login.
 */
export function logout(reason: LogoutReason = 'expired'): void {
  for (const hook of logoutHooks) {
    try {
      hook(reason);
    } catch (error) {
      console.error(error);
    }
  }
  storage.remove(tokenStorageKey);
  storage.remove(grantsStorageKey);
  storage.remove(expiresStorageKey);
  storage.remove(coordinatesStorageKey);
  if (typeof document !== 'undefined') document.title = defaultTitle;
  const wasSignedIn = isSignedIn();
  current = {};
  if (wasSignedIn) emit();
}

if (typeof window !== 'undefined') {
  // a sign-in or sign-out in another tab applies here too
  window.addEventListener('storage', (event) => {
    if (event.key !== null && event.key !== tokenStorageKey && event.key !== grantsStorageKey) return;
    current = readToken();
    emit();
  });
}

export function useSession(): StoredToken {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}
