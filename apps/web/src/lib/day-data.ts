import { useSyncExternalStore } from 'react';
import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import type { Dexie, EntityTable } from 'dexie';
import { defaultOfflineDays, type Role, type SessionUser } from '@pharma/contracts';
import { appConfigQueryOptions } from './app-config';
import { isOnline, subscribeConnection } from './connection';
import { getSession, onLogout, subscribeSession } from './session';
import { storage } from './storage';

/**
 * The field roles' day on the phone (issue 16, decision 042): what their screens loaded — and what
 * `keepDayData`'s loaders load ahead on sign-in and whenever the network returns — is kept in IndexedDB
 * and read back on the next open, so the screens show it without a network and say how old it is.
 * Only the roles that work on the road keep it; a sign-out erases it.
 */

/** The answers a field user's screens loaded, as the phone keeps them. */
interface KeptAnswers {
  id: 'queries';
  userId: number;
  savedAt: number;
  state: DehydratedState;
}

type DayDb = Dexie & { cache: EntityTable<KeptAnswers, 'id'> };
let opened: Promise<DayDb> | undefined;
/** Dexie's code comes with the first read or write, not with the first screen (issue 16). */
function dayDb(): Promise<DayDb> {
  opened ??= import('dexie').then(({ Dexie }) => {
    const db = new Dexie('pharma-day') as DayDb;
    db.version(1).stores({ cache: 'id' });
    return db;
  });
  return opened;
}

/** How long a kept answer may be read back: two weeks (the most days ahead a phone keeps) and one more. */
const keptMs = 15 * 24 * 3_600_000;
/** Kinds of answers a field screen reads (query keys' first part); the rest of the app is not kept. */
const keptDomains = new Set(['visits', 'organizations', 'doctors', 'products', 'stock', 'pricing', 'deliveries', 'orders', 'app-config']);

/** Writes what the screens hold of the kept kinds to the phone's storage. */
export async function saveDayData(client: QueryClient, userId: number): Promise<void> {
  const state = dehydrate(client, { shouldDehydrateQuery: (query) => query.state.status === 'success' && keptDomains.has(String(query.queryKey[0])) });
  await (await dayDb()).cache.put({ id: 'queries', userId, savedAt: Date.now(), state });
}

/** Reads the user's kept answers back into the query cache (before any screen asks the server); another user's are never read. */
export async function restoreDayData(client: QueryClient, userId: number): Promise<void> {
  const kept = await dayDb()
    .then((db) => db.cache.get('queries'))
    .catch(() => undefined);
  if (!kept || kept.userId !== userId || Date.now() - kept.savedAt > keptMs) return;
  hydrate(client, kept.state);
  // what was kept may be older than what the server has (a save a moment before the reload): each screen asks
  // again when it shows it, and without a network it keeps showing the kept answer
  await client.invalidateQueries({ refetchType: 'none' });
}

/** Keeps writing the answers to the phone's storage as they change (at most once a second); answers the stop function. */
export function keepSavingDayData(client: QueryClient, userId: number): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' && event.type !== 'removed') return;
    timer ??= setTimeout(() => {
      timer = null;
      void saveDayData(client, userId).catch((error: unknown) => console.warn('keeping the day on the phone failed', error));
    }, 1_000);
  });
  return () => {
    unsubscribe();
    if (timer) clearTimeout(timer);
  };
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
  // a reload of the app is not a new day: what was loaded minutes ago is on the phone already (restoreDayData)
  let lastTry = Date.parse(dayDataAsOf() ?? '') || 0;
  const load = (force = false) => {
    const user = getSession().user;
    const loader = user ? loaders[user.role] : undefined;
    if (!user || !loader || !isOnline() || loading) return;
    if (!force && Date.now() - lastTry < minIntervalMs) return;
    lastTry = Date.now();
    loading = (async () => {
      try {
        client.setDefaultOptions({ ...client.getDefaultOptions(), queries: { ...client.getDefaultOptions().queries, gcTime: keptMs } });
        const config = await client.fetchQuery(appConfigQueryOptions()).catch(() => null);
        await loader(client, user, config?.offlineDays ?? defaultOfflineDays);
        // on the phone's storage now, not a second later: "as of" is what a reload without a network shows
        await saveDayData(client, user.id);
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
    void dayDb().then((db) => db.cache.clear());
    const id = getSession().user?.id;
    if (id !== undefined) storage.remove(asOfKey(id));
    emit();
  });
  load();
  return () => {
    stopSession();
    stopConnection();
    stopLogout();
    window.removeEventListener('online', onOnline);
  };
}
