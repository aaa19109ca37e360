import { useSyncExternalStore } from 'react';
import { businessDate } from '@pharma/contracts';

const businessOffsetMs = 5 * 60 * 60 * 1000;
const dayMs = 24 * 60 * 60 * 1000;

/** Milliseconds from `now` to the next midnight in Tashkent (the business time zone, UTC+5 all year). */
export function msToNextBusinessDay(now: Date): number {
  const local = now.getTime() + businessOffsetMs;
  return dayMs - (((local % dayMs) + dayMs) % dayMs);
}

/**
 * Calls `onChange` with the new business date at each Tashkent midnight: a timer to the next
 * midnight, set again after each; a phone that slept past midnight is caught up when the page shows
 * again. Plain timers, so it is tested with fake ones; `useToday` wraps it.
 */
export function watchBusinessDay(onChange: (date: string) => void): () => void {
  let current = businessDate();
  let timer: ReturnType<typeof setTimeout>;
  const check = () => {
    const now = businessDate();
    if (now !== current) {
      current = now;
      onChange(now);
    }
  };
  const schedule = () => {
    timer = setTimeout(
      () => {
        check();
        schedule();
      },
      msToNextBusinessDay(new Date()) + 1,
    );
  };
  const onVisible = () => {
    if (document.visibilityState !== 'visible') return;
    check();
    clearTimeout(timer);
    schedule();
  };
  schedule();
  if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisible);
  return () => {
    clearTimeout(timer);
    if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onVisible);
  };
}

// one watch for every screen that shows "today"
let today = businessDate();
const listeners = new Set<() => void>();
let stop: (() => void) | null = null;

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!stop) {
    today = businessDate();
    stop = watchBusinessDay((date) => {
      today = date;
      for (const l of listeners) l();
    });
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && stop) {
      stop();
      stop = null;
    }
  };
}

/**
 * Today's business date (yyyy-MM-dd, Asia/Tashkent), changing at midnight: THE "today" of every
 * screen, so a screen left open overnight moves to the new day by itself.
 */
export function useToday(): string {
  return useSyncExternalStore(subscribe, snapshot);
}

// without a watch running, read the clock (a first render after a night away)
const snapshot = () => (stop ? today : (today = businessDate()));
