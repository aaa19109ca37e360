import type { VisitReminders, VisitSummary } from '@pharma/contracts';

/** How often the reminders are asked for. */
export const reminderPollMs = 60_000;
/** How soon a failed request is tried again (a reminder a minute late may be too late). */
export const reminderRetryMs = 15_000;
/** sessionStorage key of the visit ids already shown (once per visit per browser session). */
export const shownRemindersKey = 'visitRemindersShown';

/** Where the shown ids are kept: sessionStorage in the app, a map in tests. */
export interface ShownStore {
  get(key: string): string | null;
  set(key: string, value: string): void;
}

export function readShown(store: ShownStore): Set<number> {
  try {
    const value = JSON.parse(store.get(shownRemindersKey) ?? '[]') as unknown;
    return new Set(Array.isArray(value) ? value.filter((n): n is number => typeof n === 'number') : []);
  } catch {
    return new Set();
  }
}

/** Keeps the ids, the newest last, and at most `limit` of them (a long session does not grow it forever). */
export function writeShown(store: ShownStore, shown: Set<number>, limit = 200): void {
  try {
    store.set(shownRemindersKey, JSON.stringify([...shown].slice(-limit)));
  } catch {
    /* storage unavailable: reminders may repeat after a reload */
  }
}

/** The reminders not shown yet (pure): planned visits only, each id once. */
export function newReminders(items: readonly VisitSummary[], shown: ReadonlySet<number>): VisitSummary[] {
  const seen = new Set<number>();
  return items.filter((v) => {
    if (v.status !== 'planned' || shown.has(v.id) || seen.has(v.id)) return false;
    seen.add(v.id);
    return true;
  });
}

/** Whole minutes until the visit starts, rounded up; 0 when it is due. */
export function minutesUntil(plannedStart: string, now: number): number {
  const ms = Date.parse(plannedStart) - now;
  return Number.isFinite(ms) ? Math.max(0, Math.ceil(ms / 60_000)) : 0;
}

export interface ReminderPoller {
  load: () => Promise<VisitReminders>;
  notify: (visit: VisitSummary, minutes: number) => void;
  store: ShownStore;
  now?: () => number;
  intervalMs?: number;
  retryMs?: number;
}

/**
 * Asks for the reminders at once and then every minute; each visit is shown once (its id is kept in
 * the store before it is shown, so two tabs or a slow answer do not repeat it). A failed request is
 * tried again after `retryMs`, besides the minute's tick. Returns the function that stops it.
 */
export function startReminderPoller({
  load,
  notify,
  store,
  now = Date.now,
  intervalMs = reminderPollMs,
  retryMs = reminderRetryMs,
}: ReminderPoller): () => void {
  let stopped = false;
  let running = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const tick = async () => {
    if (stopped || running) return;
    running = true;
    try {
      const answer = await load();
      if (stopped) return;
      const shown = readShown(store);
      const fresh = newReminders(answer.items, shown);
      if (!fresh.length) return;
      for (const v of fresh) shown.add(v.id);
      writeShown(store, shown);
      for (const v of fresh) notify(v, minutesUntil(v.plannedStart, now()));
    } catch {
      // offline, or the server busy: soon again rather than on the next minute
      if (!stopped) retry = setTimeout(() => void tick(), retryMs);
    } finally {
      running = false;
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), intervalMs);
  return () => {
    stopped = true;
    clearInterval(timer);
    clearTimeout(retry);
  };
}
