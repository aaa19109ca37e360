import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VisitReminders, VisitSummary } from '@pharma/contracts';
import { minutesUntil, newReminders, readShown, shownRemindersKey, startReminderPoller, type ShownStore } from './visit-reminders';

const start = Date.parse('2026-03-10T09:00:00+05:00');

function visit(id: number, minutesAhead: number, status: VisitSummary['status'] = 'planned'): VisitSummary {
  return {
    id,
    status,
    organizationId: 100 + id,
    organizationName: `Pharmacy ${id}`,
    representativeId: 7,
    representativeName: 'Rep',
    plannedStart: new Date(start + minutesAhead * 60_000).toISOString(),
    plannedEnd: new Date(start + (minutesAhead + 30) * 60_000).toISOString(),
    startedAt: null,
    completedAt: null,
    comment: null,
    proofScore: null,
    proofReasons: [],
    review: null,
    reviewComment: null,
    reviewedByName: null,
    reviewedAt: null,
  };
}

function memoryStore(): ShownStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, get: (k) => data.get(k) ?? null, set: (k, v) => void data.set(k, v) };
}

/** Lets the poller's awaited load settle. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('newReminders', () => {
  it('keeps planned visits not shown yet, each once', () => {
    const items = [visit(1, 10), visit(2, 5), visit(1, 10), visit(3, 12, 'cancelled'), visit(4, 14, 'in_progress')];
    expect(newReminders(items, new Set([2])).map((v) => v.id)).toEqual([1]);
    expect(newReminders(items, new Set()).map((v) => v.id)).toEqual([1, 2]);
  });

  it('counts whole minutes up, never below zero', () => {
    expect(minutesUntil(new Date(start + 14 * 60_000 + 1).toISOString(), start)).toBe(15);
    expect(minutesUntil(new Date(start + 60_000).toISOString(), start)).toBe(1);
    expect(minutesUntil(new Date(start - 60_000).toISOString(), start)).toBe(0);
    expect(minutesUntil('not a date', start)).toBe(0);
  });

  it('reads a damaged store as empty', () => {
    const store = memoryStore();
    store.set(shownRemindersKey, '{broken');
    expect(readShown(store).size).toBe(0);
    store.set(shownRemindersKey, '[1,"x",3]');
    expect([...readShown(store)]).toEqual([1, 3]);
  });
});

describe('startReminderPoller', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(start);
  });
  afterEach(() => vi.useRealTimers());

  it('shows a visit once however many times the server lists it, and a new one when it comes', async () => {
    let items = [visit(1, 15)];
    const load = vi.fn(async (): Promise<VisitReminders> => ({ leadMinutes: 15, items }));
    const notify = vi.fn();
    const store = memoryStore();
    const stop = startReminderPoller({ load, notify, store, now: () => Date.now() });

    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenLastCalledWith(expect.objectContaining({ id: 1 }), 15);

    // the next minutes list it again: nothing new
    await vi.advanceTimersByTimeAsync(60_000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(load).toHaveBeenCalledTimes(3);
    expect(notify).toHaveBeenCalledTimes(1);

    // another visit enters the window: it alone is shown, with the minutes left then
    items = [visit(1, 15), visit(2, 16)];
    await vi.advanceTimersByTimeAsync(60_000);
    expect(notify).toHaveBeenCalledTimes(2);
    expect(notify).toHaveBeenLastCalledWith(expect.objectContaining({ id: 2 }), 13);
    expect(JSON.parse(store.data.get(shownRemindersKey)!)).toEqual([1, 2]);

    stop();
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('remembers across pollers sharing the store (a reload in the same session)', async () => {
    const store = memoryStore();
    const load = async (): Promise<VisitReminders> => ({ leadMinutes: 15, items: [visit(5, 10)] });
    const first = vi.fn();
    const stopFirst = startReminderPoller({ load, notify: first, store });
    await settle();
    stopFirst();
    expect(first).toHaveBeenCalledTimes(1);

    const second = vi.fn();
    const stop = startReminderPoller({ load, notify: second, store });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(second).not.toHaveBeenCalled();
    stop();
  });

  it('shows nothing once stopped, even when the answer comes later (signed out)', async () => {
    const notify = vi.fn();
    const stop = startReminderPoller({ load: async () => ({ leadMinutes: 15, items: [visit(3, 5)] }), notify, store: memoryStore() });
    stop();
    await vi.advanceTimersByTimeAsync(3 * 60_000);
    expect(notify).not.toHaveBeenCalled();
  });

  it('tries a failed request again after 15 s, not a minute later, and keeps polling each minute', async () => {
    const store = memoryStore();
    const load = vi
      .fn<() => Promise<VisitReminders>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockRejectedValueOnce(new Error('busy'))
      .mockResolvedValue({ leadMinutes: 15, items: [visit(9, 3)] });
    const notify = vi.fn();
    const stop = startReminderPoller({ load, notify, store });
    await settle();
    expect(notify).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(14_999);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(load).toHaveBeenCalledTimes(3);
    expect(notify).toHaveBeenCalledTimes(1);
    // no more retries once it answers: the minute's tick alone
    await vi.advanceTimersByTimeAsync(29_999);
    expect(load).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(4);
    expect(notify).toHaveBeenCalledTimes(1);
    stop();
  });

  it('drops a pending retry once stopped', async () => {
    const load = vi.fn<() => Promise<VisitReminders>>().mockRejectedValue(new Error('offline'));
    const stop = startReminderPoller({ load, notify: vi.fn(), store: memoryStore() });
    await settle();
    stop();
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
