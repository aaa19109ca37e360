import { useSyncExternalStore } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { PersistedClient, Persister, PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import Dexie, { type EntityTable } from 'dexie';
import { defaultOfflineDays, type Role, type SessionUser } from '@pharma/contracts';
import { appConfigQueryOptions } from './app-config';
import { isOnline, subscribeConnection } from './connection';
import { getSession, onLogout, subscribeSession } from './session';
import { storage } from './storage';

/**
 * The field roles' day on the phone (issue 16, decision 041): what their screens loaded — and what
 * `keepDayData`'s loaders load ahead on sign-in and whenever the network returns — is kept in IndexedDB
 * and read back on the next open, so the screens show it without a network and say how old it is.
 * Only the roles that work on the road keep it; a sign-out erases it.
 */
export const fieldRoles: readonly Role[] = ['rep', 'courier'];
export const isFieldRole = (user: SessionUser | undefined) => !!user && fieldRoles.includes(user.role);

class DayDb extends Dexie {
  cache!: EntityTable<{ id: string; value: PersistedClient }, 'id'>;
  constructor() {
    super('pharma-day');
    this.version(1).stores({ cache: 'id' });
  }
}
const db = new DayDb();

const persister: Persister = {
  persistClient: async (client) => {
    await db.cache.put({ id: 'queries', value: client });
  },
  restoreClient: async () => (await db.cache.get('queries'))?.value,
  removeClient: async () => {
    await db.cache.delete('queries');
  },
};

/** How long a kept answer may be read back: the configured days ahead and one more. */
const keptMs = (days: number) => (days + 1) * 24 * 3_600_000;
/** Kinds of answers a field screen reads (query keys' first part); the rest of the app is not kept. */
const keptDomains = new Set(['visits', 'organizations', 'doctors', 'products', 'stock', 'pricing', 'deliveries', 'courier', 'orders', 'app-config']);

const optionsByUser = new Map<number, Omit<PersistQueryClientOptions, 'queryClient'>>();
/** The persistence of one field user's answers (one object per user: the provider re-subscribes when it changes). */
export function persistOptionsFor(userId: number): Omit<PersistQueryClientOptions, 'queryClient'> {
  let options = optionsByUser.get(userId);
  if (!options) {
    options = {
      persister,
      maxAge: keptMs(14),
      // another user's answers are never read back
      buster: `user-${userId}`,
      dehydrateOptions: {
        shouldDehydrateQuery: (query) => query.state.status === 'success' && keptDomains.has(String(query.queryKey[0])),
      },
    };
    optionsByUser.set(userId, options);
  }
  return options;
}

// ---------------------------------------------------------------- loading the coming days ahead

/** A role's loader: puts what the coming `days` need into the query cache (the same keys the screens read). */
export type DayLoader = (client: QueryClient, user: SessionUser, days: number) => Promise<void>;

const asOfKey = (userId: number) => `day-data-at:${userId}`;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

/** When the phone last loaded the coming days (ISO), for the signed-in user; null before the first time. */
export function dayDataAsOf(): string | null {
  const id = getSession().user?.id;
  return id === undefined ? null : storage.get(asOfKey(id));
}

export function useDayDataAsOf(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dayDataAsOf,
    () => null,
  );
}

let loading: Promise<void> | null = null;

/**
 * Loads the coming days of a field user ahead, on sign-in, on the app's start and whenever the network
 * returns (at most every few minutes). `loaders` are the features' (app composition wires them).
 */
export function keepDayData(client: QueryClient, loaders: Partial<Record<Role, DayLoader>>): () => void {
  const minIntervalMs = 5 * 60_000;
  let lastTry = 0;
  const load = (force = false) => {
    const user = getSession().user;
    const loader = user ? loaders[user.role] : undefined;
    if (!user || !loader || !isOnline() || loading) return;
    if (!force && Date.now() - lastTry < minIntervalMs) return;
    lastTry = Date.now();
    loading = (async () => {
      try {
        client.setDefaultOptions({ ...client.getDefaultOptions(), queries: { ...client.getDefaultOptions().queries, gcTime: keptMs(14) } });
        const config = await client.fetchQuery(appConfigQueryOptions()).catch(() => null);
        await loader(client, user, config?.offlineDays ?? defaultOfflineDays);
        storage.set(asOfKey(user.id), new Date().toISOString());
        emit();
      } catch (error) {
        // the network went again: the next return tries again
        console.warn('loading the coming days failed', error);
      } finally {
        loading = null;
      }
    })();
  };
  let user = getSession().user?.id;
  let wasOnline = isOnline();
  const stopSession = subscribeSession(() => {
    const next = getSession().user?.id;
    if (next !== user) {
      user = next;
      load(true);
    }
  });
  const stopConnection = subscribeConnection(() => {
    const now = isOnline();
    if (now && !wasOnline) load();
    wasOnline = now;
  });
  const onOnline = () => load();
  window.addEventListener('online', onOnline);
  const stopLogout = onLogout(() => {
    void persister.removeClient();
    const id = getSession().user?.id;
    if (id !== undefined) storage.remove(asOfKey(id));
    emit();
  });
  load(true);
  return () => {
    stopSession();
    stopConnection();
    stopLogout();
    window.removeEventListener('online', onOnline);
  };
}
