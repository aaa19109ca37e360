import { useSyncExternalStore } from 'react';

/**
 * Whether the app can reach the server: the browser's word (navigator.onLine and its online/offline
 * events) and the requests' own — a request that got no answer marks the connection lost until a
 * request gets an answer again (a phone on Wi-Fi without internet still calls itself online). While
 * it is lost only by a request, the server's health is asked every `probeMs`.
 */
const probeMs = 10_000;
let lostByRequest = false;
let probe: ReturnType<typeof setInterval> | null = null;
const listeners = new Set<() => void>();

const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

export function isOnline(): boolean {
  return browserOnline() && !lostByRequest;
}

function emit() {
  for (const listener of listeners) listener();
}

/** The api client's report of each call: answered (any status) or not (no connection, no answer in time). */
export function reportAnswer(answered: boolean): void {
  if (lostByRequest === !answered) return;
  lostByRequest = !answered;
  if (lostByRequest && !probe && typeof window !== 'undefined') {
    probe = setInterval(() => {
      if (!browserOnline()) return;
      fetch('/api/health', { cache: 'no-store' }).then(
        () => reportAnswer(true),
        () => undefined,
      );
    }, probeMs);
  }
  if (!lostByRequest && probe) {
    clearInterval(probe);
    probe = null;
  }
  emit();
}

/** The network is back by the browser's word: the next request tells whether the server answers. */
const onBrowserOnline = () => (lostByRequest ? reportAnswer(true) : emit());

export function subscribeConnection(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1 && typeof window !== 'undefined') {
    window.addEventListener('online', onBrowserOnline);
    window.addEventListener('offline', emit);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && typeof window !== 'undefined') {
      window.removeEventListener('online', onBrowserOnline);
      window.removeEventListener('offline', emit);
    }
  };
}

/** true while the server can be reached, as far as the app knows. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeConnection, isOnline, () => true);
}
