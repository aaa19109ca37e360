import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '@pharma/contracts';

// the session a signed-in tab has (lib/session reads it from storage at start)
vi.mock('../../../lib/session', () => ({ getSession: () => ({ access_token: 'token-1' }), isSignedIn: () => true }));
vi.mock('../../../lib/i18n', () => ({ currentLanguage: () => 'ru' }));
const { followNotifications } = await import('./notification-stream');

const n = (id: number): Notification => ({
  id,
  kind: 'orderStatus',
  subjectType: 'order',
  subjectId: 7,
  params: {},
  createdAt: '2026-11-27T10:00:00Z',
  readAt: null,
});
const event = (x: Notification) => `id: ${x.id}\nevent: notification\ndata: ${JSON.stringify(x)}\n\n`;
/** An answer whose body is these chunks, then ends (the server went away). */
const answer = (...chunks: string[]) =>
  new Response(
    new ReadableStream({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
        controller.close();
      },
    }),
    { status: 200, headers: { 'content-type': 'text/event-stream' } },
  );

describe('followNotifications', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('window', globalThis);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('reads events split across chunks, skips heartbeats, and reconnects with the last id it saw, once each', async () => {
    const one = event(n(1));
    fetchMock.mockResolvedValueOnce(answer('retry: 3000\n\n', one.slice(0, 10), one.slice(10), ': ping\n\n', event(n(2))));
    // the server sends 2 again after the reconnect (it may): the stream passes it on once
    fetchMock.mockResolvedValueOnce(answer(event(n(2)), event(n(3))));
    fetchMock.mockReturnValue(new Promise(() => undefined));
    const got: number[] = [];
    const connected = vi.fn();
    const stop = followNotifications((x) => got.push(x.id), connected);
    await vi.waitFor(() => expect(got).toEqual([1, 2]));
    const first = fetchMock.mock.calls[0]![1]!.headers as Record<string, string>;
    expect(first).toMatchObject({ accept: 'text/event-stream', authorization: 'Bearer token-1', 'accept-language': 'ru' });
    expect(first['last-event-id']).toBeUndefined();
    // the stream ended: it waits a second, then asks again from where it stopped
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    await vi.waitFor(() => expect(got).toEqual([1, 2, 3]));
    expect((fetchMock.mock.calls[1]![1]!.headers as Record<string, string>)['last-event-id']).toBe('2');
    expect(connected).toHaveBeenCalledTimes(2);
    stop();
  });

  it('passes a signal on apart from the notifications, without counting it as seen', async () => {
    const signal = `event: signal\ndata: ${JSON.stringify({ signal: 'conversationRead', conversationId: 4 })}\n\n`;
    fetchMock.mockResolvedValueOnce(answer(signal, event(n(5))));
    fetchMock.mockReturnValue(new Promise(() => undefined));
    const got: number[] = [];
    const signals: unknown[] = [];
    const stop = followNotifications(
      (x) => got.push(x.id),
      undefined,
      (s) => signals.push(s),
    );
    await vi.waitFor(() => expect(got).toEqual([5]));
    expect(signals).toEqual([{ signal: 'conversationRead', conversationId: 4 }]);
    stop();
  });

  it('backs off while the server refuses, and stops for good when told', async () => {
    fetchMock.mockResolvedValue(new Response('{}', { status: 503 }));
    const stop = followNotifications(() => undefined);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1000); // the second wait is 2 s
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});
