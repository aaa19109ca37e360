import { useCallback, useSyncExternalStore } from 'react';
import { onLogout } from '../../../lib/session';
import { storage } from '../../../lib/storage';
import type { DrugLine } from './visit-rules';

const prefix = 'visit-draft:';

/** The parts of a visit the rep types before saving them. */
export const draftKinds = ['drugs', 'remainders'] as const;
export type DraftKind = (typeof draftKinds)[number];

/** Counted remainders by product: the draft's counts win over the saved ones. */
export type RemaindersDraft = Record<number, { productName: string; producerName?: string; quantity: number | null }>;
export interface VisitDrafts {
  drugs: DrugLine[] | null;
  remainders: RemaindersDraft | null;
}

const keyOf = (visitId: number, kind: DraftKind) => `${visitId}:${kind}`;

// one store over local storage: every screen showing a draft (the section, the completion, the
// offline banner) sees a change made by another at once
const listeners = new Set<() => void>();
let version = 0;
function changed() {
  version += 1;
  for (const listener of listeners) listener();
}
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const getVersion = () => version;

function draftKeys(): string[] {
  try {
    return Object.keys(window.localStorage).filter((key) => key.startsWith(prefix));
  } catch {
    return [];
  }
}

// a draft is the signed-in rep's own: nothing of it survives a sign-out
onLogout(() => {
  for (const key of draftKeys()) storage.remove(key);
  changed();
});

/** The drafts of a visit that is over (completed or cancelled): nothing left to save. */
export function clearVisitDrafts(visitId: number) {
  for (const key of draftKeys()) if (key.startsWith(`${prefix}${visitId}:`)) storage.remove(key);
  changed();
}

export function readDraft<T>(key: string): T | null {
  const raw = storage.get(`${prefix}${key}`);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function clearDraft(visitId: number, kind: DraftKind) {
  storage.remove(`${prefix}${keyOf(visitId, kind)}`);
  changed();
}

/** What the rep typed on a visit and has not saved yet. */
export function visitDrafts(visitId: number): VisitDrafts {
  return { drugs: readDraft<DrugLine[]>(keyOf(visitId, 'drugs')), remainders: readDraft<RemaindersDraft>(keyOf(visitId, 'remainders')) };
}

/** Every draft kept on this device, by visit: what waits to be sent (the offline banner says so). */
export function keptDrafts(): { visitId: number; kind: DraftKind }[] {
  return draftKeys()
    .map((key) => key.slice(prefix.length).split(':'))
    .map(([id, kind]) => ({ visitId: Number(id), kind: kind as DraftKind }))
    .filter((d) => Number.isInteger(d.visitId) && (draftKinds as readonly string[]).includes(d.kind));
}

/** Re-renders on every change of a draft (the value itself is read from storage). */
export function useDraftsVersion() {
  return useSyncExternalStore(subscribe, getVersion, getVersion);
}

/**
 * What the rep typed and has not saved yet (drug attitudes, counted remainders), kept in local storage
 * so a failed save, a lost network or a reloaded page loses nothing. `null` = no draft (the saved data
 * is shown); `clear()` after the server took it.
 */
export function useDraft<T>(visitId: number, kind: DraftKind) {
  useDraftsVersion();
  const key = keyOf(visitId, kind);
  const value = readDraft<T>(key);
  const set = useCallback(
    (next: T) => {
      storage.set(`${prefix}${key}`, JSON.stringify(next));
      changed();
    },
    [key],
  );
  const clear = useCallback(() => clearDraft(visitId, kind), [visitId, kind]);
  return [value, set, clear] as const;
}
