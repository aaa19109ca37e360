import { z } from 'zod';
import { addDays, businessDate, calendarDate, daysBetween } from './common/dates.js';
import { optionalText, recordId, requiredText } from './common/validation.js';

/**
 * The events calendar (issue 17 item 4): meetings and the like with a colour, invited participants who
 * accept or decline, and a repeat expanded for the range asked (decision 047).
 */
export const eventColours = ['blue', 'green', 'orange', 'red', 'purple', 'cyan', 'magenta', 'gold'] as const;
export type EventColour = (typeof eventColours)[number];
/** The fixed palette (the only colours not from the theme): white text on each has at least WCAG AA's 4.5:1, in light and dark. */
export const eventColourHex: Record<EventColour, string> = {
  blue: '#0958d9',
  green: '#237804',
  orange: '#ad4e00',
  red: '#cf1322',
  purple: '#722ed1',
  cyan: '#006d75',
  magenta: '#c41d7f',
  gold: '#876800',
};
export const eventRepeats = ['none', 'daily', 'weekly', 'monthly', 'yearly'] as const;
export type EventRepeat = (typeof eventRepeats)[number];
export const eventResponses = ['pending', 'accepted', 'declined'] as const;
export type EventResponse = (typeof eventResponses)[number];
/** The longest range the calendar reads at once (a month grid with its edges is 42 days). */
export const eventRangeMaxDays = 93;

// ---------------------------------------------------------------- the repeat

const offsetMs = 5 * 60 * 60 * 1000; // Asia/Tashkent, UTC+5 all year (no daylight saving)
const dayMs = 24 * 60 * 60 * 1000;
/** The instant a business day (Tashkent) starts. */
export const businessDayStart = (date: string): Date => new Date(Date.parse(`${date}T00:00:00Z`) - offsetMs);

/** What the expansion of a repeat needs of an event. */
export interface RepeatingEvent {
  startsAt: string;
  endsAt: string;
  repeat: EventRepeat;
  /** the last business date an occurrence may start on */
  repeatUntil: string | null;
  /** how many occurrences in all (the skipped months do not count; the exceptions do, as in RFC 5545) */
  repeatCount: number | null;
  /** business dates whose occurrence is left out */
  exceptions: readonly string[];
}
export interface Occurrence {
  startsAt: string;
  endsAt: string;
  /** the business date it starts on */
  date: string;
}

/**
 * The k-th candidate start, counted in Tashkent wall time: a monthly event keeps its day of the month
 * and a yearly one its day of the year; a month without that day (the 31st, 29 February) has no
 * occurrence — RFC 5545's rule, so the RRULE of the .ics says the same (null = skipped).
 */
function candidate(startMs: number, repeat: EventRepeat, k: number): number | null {
  if (repeat === 'daily') return startMs + k * dayMs;
  if (repeat === 'weekly') return startMs + 7 * k * dayMs;
  const local = new Date(startMs + offsetMs);
  const [y, m, d] = [local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()];
  const at = (year: number, month: number) =>
    Date.UTC(year, month, d, local.getUTCHours(), local.getUTCMinutes(), local.getUTCSeconds(), local.getUTCMilliseconds());
  const wall = repeat === 'monthly' ? at(y, m + k) : at(y + k, m);
  return new Date(wall).getUTCDate() === d ? wall - offsetMs : null;
}

/**
 * The occurrences of an event that overlap [from, to) (instants), in order. At most `limit`; a daily or
 * weekly repeat starts counting near the range rather than from its first day.
 */
export function occurrencesOf(event: RepeatingEvent, from: Date, to: Date, limit = 1000): Occurrence[] {
  const startMs = Date.parse(event.startsAt);
  const length = Date.parse(event.endsAt) - startMs;
  const [fromMs, toMs] = [from.getTime(), to.getTime()];
  const out: Occurrence[] = [];
  const take = (ms: number) => {
    const date = businessDate(new Date(ms));
    if (ms < toMs && ms + length > fromMs && !event.exceptions.includes(date))
      out.push({ startsAt: new Date(ms).toISOString(), endsAt: new Date(ms + length).toISOString(), date });
  };
  if (event.repeat === 'none') {
    take(startMs);
    return out;
  }
  const period = event.repeat === 'daily' ? dayMs : event.repeat === 'weekly' ? 7 * dayMs : 0;
  // every daily or weekly candidate exists, so the k-th is also the k-th counted
  let k = period ? Math.max(0, Math.floor((fromMs - length - startMs) / period)) : 0;
  let counted = k;
  for (let steps = 0; steps < 100_000 && out.length < limit; steps++, k++) {
    if (event.repeatCount !== null && counted >= event.repeatCount) break;
    const ms = candidate(startMs, event.repeat, k);
    if (ms === null) continue;
    if (ms >= toMs) break;
    if (event.repeatUntil !== null && businessDate(new Date(ms)) > event.repeatUntil) break;
    counted++;
    take(ms);
  }
  return out;
}

// ---------------------------------------------------------------- iCalendar (RFC 5545)

/** What an .ics VEVENT says of an event. */
export interface IcsEvent extends RepeatingEvent {
  id: number;
  title: string;
  description: string | null;
  place: string | null;
  allDay: boolean;
  cancelled: boolean;
  /** when the event last changed (DTSTAMP) */
  updatedAt: string;
}

/** TEXT values escape backslash, semicolon, comma and line breaks (RFC 5545 §3.3.11). */
export const icsText = (text: string): string => text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** A content line folded at 75 octets: each continuation starts with one space (§3.1); a UTF-8 character is never split. */
export function icsFold(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    const room = parts.length ? 74 : 75; // a continuation's leading space is one of its 75
    if (octets + size > room) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const utcStamp = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
const dateStamp = (date: string) => date.replace(/-/g, '');

function icsEventLines(e: IcsEvent, host: string): string[] {
  // an all-day event is dated (its business days), anything else is instants in UTC
  const lastDay = addDays(businessDate(new Date(Date.parse(e.endsAt) - 1)), 1);
  const start = e.allDay ? `DTSTART;VALUE=DATE:${dateStamp(businessDate(new Date(e.startsAt)))}` : `DTSTART:${utcStamp(e.startsAt)}`;
  const end = e.allDay ? `DTEND;VALUE=DATE:${dateStamp(lastDay)}` : `DTEND:${utcStamp(e.endsAt)}`;
  const lines = [`BEGIN:VEVENT`, `UID:event-${e.id}@${host}`, `DTSTAMP:${utcStamp(e.updatedAt)}`, start, end, `SUMMARY:${icsText(e.title)}`];
  if (e.description) lines.push(`DESCRIPTION:${icsText(e.description)}`);
  if (e.place) lines.push(`LOCATION:${icsText(e.place)}`);
  if (e.repeat !== 'none') {
    const rule = [`FREQ=${e.repeat.toUpperCase()}`];
    // UNTIL is the last instant of the business day, in UTC (a dated event's UNTIL is a date)
    if (e.repeatUntil)
      rule.push(
        `UNTIL=${e.allDay ? dateStamp(e.repeatUntil) : utcStamp(new Date(businessDayStart(addDays(e.repeatUntil, 1)).getTime() - 1000).toISOString())}`,
      );
    else if (e.repeatCount) rule.push(`COUNT=${e.repeatCount}`);
    lines.push(`RRULE:${rule.join(';')}`);
    const timeOfDay = Date.parse(e.startsAt) - businessDayStart(businessDate(new Date(e.startsAt))).getTime();
    for (const date of e.exceptions)
      lines.push(
        e.allDay ? `EXDATE;VALUE=DATE:${dateStamp(date)}` : `EXDATE:${utcStamp(new Date(businessDayStart(date).getTime() + timeOfDay).toISOString())}`,
      );
  }
  lines.push(`STATUS:${e.cancelled ? 'CANCELLED' : 'CONFIRMED'}`, 'END:VEVENT');
  return lines;
}

/** A VCALENDAR of events: CRLF line ends, folded lines, times in UTC (so no VTIMEZONE is needed). */
export function icsCalendar(events: readonly IcsEvent[], host: string): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Pharma Field//Events//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH'];
  for (const e of events) lines.push(...icsEventLines(e, host));
  lines.push('END:VCALENDAR');
  return lines.map(icsFold).join('\r\n') + '\r\n';
}

// ---------------------------------------------------------------- requests and answers

const instant = z.iso.datetime({ offset: true, error: (issue) => (issue.input === undefined || issue.input === '' ? 'required' : 'invalidDate') });

const eventFields = z.object({
  title: requiredText(200),
  description: optionalText(4000),
  place: optionalText(300),
  colour: z.enum(eventColours).default('blue'),
  startsAt: instant,
  endsAt: instant,
  /** whole business days: the start's day to the end's day, both included */
  allDay: z.boolean().default(false),
  organizationId: recordId().nullable().optional(),
  participantIds: z
    .array(recordId())
    .max(200)
    .refine((ids) => new Set(ids).size === ids.length, { error: 'invalidOption' })
    .default([]),
  repeat: z.enum(eventRepeats).default('none'),
  repeatUntil: calendarDate.nullable().optional(),
  repeatCount: z.int().min(1).max(1000).nullable().optional(),
  exceptions: z.array(calendarDate).max(366).default([]),
});
/** A new or changed event: the end after the start (an all-day event may end on its first day); a repeat ends by a date or a count, not both. */
export const eventBody = eventFields
  .refine((e) => (e.allDay ? Date.parse(e.endsAt) >= Date.parse(e.startsAt) : Date.parse(e.endsAt) > Date.parse(e.startsAt)), {
    path: ['endsAt'],
    error: 'endBeforeStart',
  })
  .refine((e) => !e.repeatUntil || e.repeatUntil >= businessDate(new Date(e.startsAt)), { path: ['repeatUntil'], error: 'endBeforeStart' })
  .refine((e) => !(e.repeatUntil && e.repeatCount), { path: ['repeatCount'], error: 'invalid' });
export type EventBody = z.input<typeof eventBody>;

export const respondEventBody = z.object({ response: z.enum(['accepted', 'declined']) });
export const listEventsQuery = z
  .object({
    from: calendarDate,
    to: calendarDate,
    /** my calendar (organized or invited), or also my team's events (a chief) */
    who: z.enum(['me', 'team']).default('me'),
  })
  .refine((q) => q.to >= q.from, { path: ['to'], error: 'endBeforeStart' })
  .refine((q) => daysBetween(q.from, q.to) < eventRangeMaxDays, { path: ['to'], error: 'periodTooLong' });
export const eventsFeedQuery = z
  .object({ from: calendarDate, to: calendarDate })
  .refine((q) => q.to >= q.from, { path: ['to'], error: 'endBeforeStart' })
  .refine((q) => daysBetween(q.from, q.to) < 400, { path: ['to'], error: 'periodTooLong' });

/** One occurrence of an event in the calendar's range. */
export const eventOccurrence = z.object({
  eventId: z.number().int(),
  title: z.string(),
  colour: z.enum(eventColours),
  place: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  allDay: z.boolean(),
  repeat: z.enum(eventRepeats),
  organizerId: z.number().int(),
  organizerName: z.string(),
  /** my answer to the invitation; null when I am not invited (the organizer, a chief) */
  myResponse: z.enum(eventResponses).nullable(),
});
export type EventOccurrence = z.infer<typeof eventOccurrence>;
export const eventCalendar = z.object({ from: z.string(), to: z.string(), items: z.array(eventOccurrence) });
export type EventCalendar = z.infer<typeof eventCalendar>;

export const eventParticipant = z.object({
  userId: z.number().int(),
  name: z.string(),
  response: z.enum(eventResponses),
  respondedAt: z.string().nullable(),
});
export type EventParticipant = z.infer<typeof eventParticipant>;
export const calendarEvent = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  place: z.string().nullable(),
  colour: z.enum(eventColours),
  startsAt: z.string(),
  endsAt: z.string(),
  allDay: z.boolean(),
  repeat: z.enum(eventRepeats),
  repeatUntil: z.string().nullable(),
  repeatCount: z.number().int().nullable(),
  exceptions: z.array(z.string()),
  organizerId: z.number().int(),
  organizerName: z.string(),
  organizationId: z.number().int().nullable(),
  organizationName: z.string().nullable(),
  participants: z.array(eventParticipant),
  myResponse: z.enum(eventResponses).nullable(),
  /** the asking user organizes it: changes and cancels it */
  editable: z.boolean(),
  cancelledAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CalendarEvent = z.infer<typeof calendarEvent>;
