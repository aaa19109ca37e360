import type { QueryClient } from '@tanstack/react-query';
import type { Notification, NotificationSignal } from '@pharma/contracts';
import { addArrived } from './notifications-api';
import { followNotifications } from './notification-stream';

type Message = { type: 'notification'; notification: Notification } | { type: 'signal'; signal: NotificationSignal } | { type: 'connected' };

const arrivalListeners = new Set<(n: Notification) => void>();
const signalListeners = new Set<(s: NotificationSignal) => void>();

/** Calls `listener` with each signal of the stream as it comes (an incoming call: issue 18). Returns the unsubscribe. */
export function onNotificationSignal(listener: (s: NotificationSignal) => void): () => void {
  signalListeners.add(listener);
  return () => void signalListeners.delete(listener);
}

/**
 * Calls `listener` with each notification as it arrives in this tab by the stream (once each; never
 * the ones read from the list), for what shows over the screen (a visit about to start). Returns the
 * unsubscribe.
 */
export function onNotificationArrived(listener: (n: Notification) => void): () => void {
  arrivalListeners.add(listener);
  return () => void arrivalListeners.delete(listener);
}

/**
 * A signed-in user's notifications as they happen (issue 17): each goes on top of the bell's list, and
 * what it is about is read again (an order the operator refused shows refused on the rep's screens
 * without a reload). Each time the stream opens, the list is read again (nothing between is missed).
 *
 * One stream for all the user's tabs: a browser opens at most six connections to a server over
 * HTTP/1.1, and a stream holds one for good — six tabs would leave none for the API. The tab holding
 * the lock (Web Locks) follows the stream and passes what comes to the others (BroadcastChannel); when
 * it closes, another takes over. Where the browser lacks either (plain HTTP on an office network has no
 * Web Locks), each tab follows its own.
 */
export function keepNotifications(queryClient: QueryClient, userId: number): () => void {
  const handle = (message: Message) => {
    if (message.type === 'connected') return void queryClient.invalidateQueries({ queryKey: ['notifications'] });
    // another member read a conversation: its open history shows the read receipt
    if (message.type === 'signal') {
      const s = message.signal;
      for (const listener of signalListeners) listener(s);
      if (s.signal === 'conversationRead')
        void queryClient.invalidateQueries({
          queryKey: ['messages'],
          predicate: (q) => q.queryKey[1] !== 'attachment' && q.queryKey[2] === s.conversationId,
        });
      return;
    }
    const n = message.notification;
    addArrived(queryClient, n);
    // what it is about is read again where a screen shows it
    if (n.subjectType === 'order') void queryClient.invalidateQueries({ queryKey: ['orders'] });
    if (n.subjectType === 'task') void queryClient.invalidateQueries({ queryKey: ['tasks'] });
    // a new message: the open conversation, the list and the menu's count (a file never changes)
    if (n.subjectType === 'conversation') void queryClient.invalidateQueries({ queryKey: ['messages'], predicate: (q) => q.queryKey[1] !== 'attachment' });
    if (n.subjectType === 'event') void queryClient.invalidateQueries({ queryKey: ['events'] });
    for (const listener of arrivalListeners) listener(n);
  };
  const follow = (share: (message: Message) => void) =>
    followNotifications(
      (notification) => {
        handle({ type: 'notification', notification });
        share({ type: 'notification', notification });
      },
      () => {
        handle({ type: 'connected' });
        share({ type: 'connected' });
      },
      (signal) => {
        handle({ type: 'signal', signal });
        share({ type: 'signal', signal });
      },
    );
  if (typeof BroadcastChannel === 'undefined' || !navigator.locks) return follow(() => undefined);

  const channel = new BroadcastChannel(`pharma-notifications-${userId}`);
  channel.onmessage = (event: MessageEvent<Message>) => handle(event.data);
  const released = new AbortController();
  let stop: (() => void) | undefined;
  navigator.locks
    .request(`pharma-notification-stream-${userId}`, { signal: released.signal }, () => {
      stop = follow((message) => channel.postMessage(message));
      // held until this tab stops following (sign-out, closing the tab)
      return new Promise<void>((resolve) => released.signal.addEventListener('abort', () => resolve()));
    })
    .catch(() => undefined); // aborted while waiting for the lock
  return () => {
    stop?.();
    released.abort();
    channel.close();
  };
}
