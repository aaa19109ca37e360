import { defaultVisitReminderMinutes } from '@pharma/contracts';

/** What a visit reminder (the server's `visitReminder` notification) says: the visit, its organization and start. */
export interface VisitReminder {
  visitId: number;
  organization: string;
  /** the planned start, an ISO instant */
  start: string;
}

/** Whole minutes until the visit starts, rounded up; 0 when it is due. */
export function minutesUntil(start: string, now: number): number {
  const ms = Date.parse(start) - now;
  return Number.isFinite(ms) ? Math.max(0, Math.ceil(ms / 60_000)) : 0;
}

/**
 * Whether a reminder is still worth a popup: not when its visit began longer ago than the lead time
 * (a reminder caught up after the phone was offline for hours is old news; the bell keeps it).
 */
export function reminderStillDue(start: string, now: number): boolean {
  const at = Date.parse(start);
  return Number.isFinite(at) && at >= now - defaultVisitReminderMinutes * 60_000;
}
