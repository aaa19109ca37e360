import type { Notification, NotificationSignal } from '@pharma/contracts';
import { getSession, isSignedIn } from '../../../lib/session';
import { currentLanguage } from '../../../lib/i18n';

/** Waits between reconnections: short at first, then longer while the server stays away. */
const backoffMs = [1_000, 2_000, 5_000, 10_000, 30_000];

/**
 * Follows the signed-in user's notification stream (issue 17, GET /api/notifications/stream) until
 * `stop` is called: each notification to `onNotification`, as it happens. The stream is read with
 * fetch, not EventSource, so the token travels in the Authorization header (never in an address that
 * logs keep). A lost stream reconnects with back-off and sends the last id it saw, so the server first
 * sends what was missed. `onConnected` runs each time the stream is open: what the user's screens read
 * before it (the bell's list) is read again, so nothing between the two is missed.
 */
export function followNotifications(
  onNotification: (n: Notification) => void,
  onConnected: () => void = () => undefined,
  /** news for the open screens that is no notification (a conversation read by another member) */
  onSignal: (s: NotificationSignal) => void = () => undefined,
): () => void {
  let stopped = false;
  let controller: AbortController | undefined;
  let lastId: number | undefined;
  let failures = 0;
  let wait: number | undefined;

  const connect = async () => {
    if (stopped || !isSignedIn()) return;
    controller = new AbortController();
    try {
      const response = await fetch('/api/notifications/stream', {
        headers: {
          accept: 'text/event-stream',
          authorization: `Bearer ${getSession().access_token}`,
          'accept-language': currentLanguage(),
          ...(lastId === undefined ? {} : { 'last-event-id': String(lastId) }),
        },
        signal: controller.signal,
        cache: 'no-store',
      });
      if (!response.ok || !response.body) throw new Error(`stream: ${response.status}`);
      onConnected();
      failures = 0;
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (!data) continue; // a heartbeat or the retry hint
          if (/^event: signal$/m.test(block)) {
            onSignal(JSON.parse(data) as NotificationSignal);
            continue;
          }
          const n = JSON.parse(data) as Notification;
          if (lastId !== undefined && n.id <= lastId) continue;
          lastId = n.id;
          onNotification(n);
        }
      }
    } catch {
      // offline, refused or cut: try again below
    }
    if (stopped) return;
    failures += 1;
    wait = window.setTimeout(() => void connect(), backoffMs[Math.min(failures - 1, backoffMs.length - 1)]);
  };
  void connect();
  return () => {
    stopped = true;
    window.clearTimeout(wait);
    controller?.abort();
  };
}
