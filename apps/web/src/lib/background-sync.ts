/**
 * Background Sync for the phone's queue (issue 16, decision 043), where the browser has it (Chromium):
 * the page registers the sync when it queues a write; once the network is back the browser fires it in
 * the service worker (public/sw-sync.js), which wakes the open pages — they send the queue, the worker
 * has no token. Elsewhere, and with the app closed, the queue goes on the next open.
 */

/** The sync the service worker listens for. */
const syncTag = 'pharma-outbox';
const messageType = 'pharma-outbox-sync';

type SyncRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

/** Asks the browser for a Background Sync once the network is back (nothing where it has none). */
export async function askBackgroundSync(): Promise<void> {
  try {
    const registration = (await navigator.serviceWorker?.getRegistration()) as SyncRegistration | undefined;
    await registration?.sync?.register(syncTag);
  } catch {
    // not allowed (a private window, a denied permission): the other ways of sending remain
  }
}

/** Runs `send` when the service worker's sync wakes this page; answers the worker how many writes still wait. */
export function onBackgroundSync(send: () => Promise<number>): void {
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent) => {
    if ((event.data as { type?: unknown } | null)?.type !== messageType) return;
    const [port] = event.ports;
    void send().then(
      (left) => port?.postMessage({ left }),
      // the send failed: the browser fires the sync again later
      () => port?.postMessage({ left: 1 }),
    );
  });
}
