import { useCallback, useState } from 'react';
import { onLogout } from '../../lib/session';
import { storage } from '../../lib/storage';

const prefix = 'visit-draft:';

// a draft is the signed-in rep's own: nothing of it survives a sign-out
onLogout(() => {
  try {
    for (const key of Object.keys(window.localStorage)) if (key.startsWith(prefix)) storage.remove(key);
  } catch {
    /* storage unavailable */
  }
});

/** The drafts of a visit that is over (completed or cancelled): nothing left to save. */
export function clearVisitDrafts(visitId: number) {
  try {
    for (const key of Object.keys(window.localStorage)) if (key.startsWith(`${prefix}${visitId}:`)) storage.remove(key);
  } catch {
    /* storage unavailable */
  }
}

/**
 * What the rep typed and has not saved yet (drug attitudes, counted remainders), kept in local storage
 * so a failed save, a lost network or a reloaded page loses nothing. `null` = no draft (the saved data
 * is shown); `clear()` after the server took it.
 */
export function useDraft<T>(key: string) {
  const storageKey = `${prefix}${key}`;
  const [state, setState] = useState<{ key: string; value: T | null }>(() => ({ key: storageKey, value: read<T>(storageKey) }));
  // the key changed (another visit): read its own draft
  const value = state.key === storageKey ? state.value : read<T>(storageKey);

  const set = useCallback(
    (next: T) => {
      storage.set(storageKey, JSON.stringify(next));
      setState({ key: storageKey, value: next });
    },
    [storageKey],
  );
  const clear = useCallback(() => {
    storage.remove(storageKey);
    setState({ key: storageKey, value: null });
  }, [storageKey]);

  return [value, set, clear] as const;
}

function read<T>(key: string): T | null {
  const raw = storage.get(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}
