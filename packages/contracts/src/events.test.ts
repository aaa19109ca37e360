import { describe, expect, it } from 'vitest';
import { businessDayStart, eventBody, icsCalendar, icsFold, icsText, occurrencesOf, type IcsEvent, type RepeatingEvent } from './events.js';

const base: RepeatingEvent = { startsAt: '', endsAt: '', repeat: 'none', repeatUntil: null, repeatCount: null, exceptions: [] };
const range = (from: string, to: string) => [businessDayStart(from), businessDayStart(to)] as const;
const datesOf = (e: Partial<RepeatingEvent>, from: string, to: string) => occurrencesOf({ ...base, ...e }, ...range(from, to)).map((o) => o.date);

describe('the repeat, in Tashkent time (UTC+5)', () => {
  it('a monthly event on the 31st at 09:00 skips the months without a 31st; the count counts only real ones', () => {
    const e = { startsAt: '2027-01-31T09:00:00+05:00', endsAt: '2027-01-31T10:00:00+05:00', repeat: 'monthly' as const };
    expect(datesOf(e, '2027-01-01', '2027-09-01')).toEqual(['2027-01-31', '2027-03-31', '2027-05-31', '2027-07-31', '2027-08-31']);
    const [march] = occurrencesOf({ ...base, ...e }, ...range('2027-03-01', '2027-04-01'));
    expect(march).toEqual({ startsAt: '2027-03-31T04:00:00.000Z', endsAt: '2027-03-31T05:00:00.000Z', date: '2027-03-31' });
    expect(datesOf({ ...e, repeatCount: 3 }, '2027-01-01', '2028-01-01')).toEqual(['2027-01-31', '2027-03-31', '2027-05-31']);
  });

  it('an event at 02:00 Tashkent on the 1st is the previous day in UTC, and belongs to the 1st’s month', () => {
    const e = { startsAt: '2027-02-01T02:00:00+05:00', endsAt: '2027-02-01T03:00:00+05:00', repeat: 'monthly' as const };
    const march = occurrencesOf({ ...base, ...e }, ...range('2027-03-01', '2027-04-01'));
    expect(march).toEqual([{ startsAt: '2027-02-28T21:00:00.000Z', endsAt: '2027-02-28T22:00:00.000Z', date: '2027-03-01' }]);
    // February's range (by Tashkent days) does not hold March's occurrence, though its UTC day is 28 February
    expect(datesOf(e, '2027-02-02', '2027-03-01')).toEqual([]);
  });

  it('weekly until a date, with an exception; daily by count; none is itself once', () => {
    const weekly = { startsAt: '2027-01-04T09:00:00+05:00', endsAt: '2027-01-04T10:00:00+05:00', repeat: 'weekly' as const, repeatUntil: '2027-02-01' };
    expect(datesOf({ ...weekly, exceptions: ['2027-01-18'] }, '2027-01-01', '2027-03-01')).toEqual(['2027-01-04', '2027-01-11', '2027-01-25', '2027-02-01']);
    // a range far from the start begins near it, and the count still holds
    const daily = { startsAt: '2027-01-01T08:00:00Z', endsAt: '2027-01-01T09:00:00Z', repeat: 'daily' as const, repeatCount: 40 };
    expect(datesOf(daily, '2027-02-08', '2027-03-01')).toEqual(['2027-02-08', '2027-02-09']);
    expect(datesOf({ startsAt: '2027-01-01T08:00:00Z', endsAt: '2027-01-01T09:00:00Z' }, '2027-01-01', '2027-01-02')).toEqual(['2027-01-01']);
  });

  it('a yearly event on 29 February is there in leap years only; an event spanning the range’s start is in it', () => {
    const e = { startsAt: '2028-02-29T12:00:00+05:00', endsAt: '2028-02-29T13:00:00+05:00', repeat: 'yearly' as const };
    expect(datesOf(e, '2028-01-01', '2033-01-01')).toEqual(['2028-02-29', '2032-02-29']);
    const long = { startsAt: '2027-01-31T20:00:00+05:00', endsAt: '2027-02-01T10:00:00+05:00' };
    expect(datesOf(long, '2027-02-01', '2027-02-02')).toEqual(['2027-01-31']);
  });
});

describe('iCalendar', () => {
  const event: IcsEvent = {
    ...base,
    id: 7,
    title: 'Планёрка; отдел, продаж',
    description: 'Строка 1\nСтрока 2 — ' + 'очень длинное описание '.repeat(6),
    place: 'Ташкент, офис',
    allDay: false,
    cancelled: false,
    startsAt: '2027-01-31T09:00:00+05:00',
    endsAt: '2027-01-31T10:00:00+05:00',
    repeat: 'monthly',
    repeatUntil: '2027-12-31',
    exceptions: ['2027-03-31'],
    updatedAt: '2027-01-10T12:00:00.000Z',
  };

  it('escapes text and folds lines at 75 octets without splitting a character', () => {
    expect(icsText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne');
    const folded = icsFold(`DESCRIPTION:${'ж'.repeat(80)}`);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(lines.slice(1).every((l) => l.startsWith(' '))).toBe(true);
    expect(lines.map((l, i) => (i ? l.slice(1) : l)).join('')).toBe(`DESCRIPTION:${'ж'.repeat(80)}`);
  });

  it('writes a VEVENT with UID, DTSTAMP, UTC times, RRULE, EXDATE and CRLF line ends', () => {
    const text = icsCalendar([event], 'pharma.test');
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const unfolded = text.replace(/\r\n /g, '').split('\r\n');
    expect(unfolded).toEqual(
      expect.arrayContaining([
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'BEGIN:VEVENT',
        'UID:event-7@pharma.test',
        'DTSTAMP:20270110T120000Z',
        'DTSTART:20270131T040000Z',
        'DTEND:20270131T050000Z',
        'SUMMARY:Планёрка\\; отдел\\, продаж',
        'LOCATION:Ташкент\\, офис',
        'RRULE:FREQ=MONTHLY;UNTIL=20271231T185959Z',
        'EXDATE:20270331T040000Z',
        'END:VEVENT',
        'END:VCALENDAR',
      ]),
    );
    expect(text.split('\r\n').some((l) => new TextEncoder().encode(l).length > 75)).toBe(false);
    expect(text).toContain('\r\n '); // the description was folded
  });

  it('an all-day event is dated by its business days (DTEND the day after), a count goes into the RRULE', () => {
    const day: IcsEvent = {
      ...event,
      allDay: true,
      startsAt: businessDayStart('2027-05-09').toISOString(),
      endsAt: businessDayStart('2027-05-11').toISOString(),
      repeat: 'yearly',
      repeatUntil: null,
      repeatCount: 5,
      exceptions: [],
    };
    const lines = icsCalendar([day], 'h').split('\r\n');
    expect(lines).toEqual(expect.arrayContaining(['DTSTART;VALUE=DATE:20270509', 'DTEND;VALUE=DATE:20270511', 'RRULE:FREQ=YEARLY;COUNT=5']));
  });
});

describe('the event form’s rules', () => {
  const ok = { title: 'Планёрка', startsAt: '2027-01-31T09:00:00+05:00', endsAt: '2027-01-31T10:00:00+05:00' };
  const fieldsOf = (body: Record<string, unknown>) => (eventBody.safeParse(body).error?.issues ?? []).map((i) => `${i.path.join('.')}:${i.message}`);
  it('the end after the start, a title of at most 200, a repeat ends by a date or a count', () => {
    expect(fieldsOf(ok)).toEqual([]);
    expect(fieldsOf({ ...ok, endsAt: ok.startsAt })).toEqual(['endsAt:endBeforeStart']);
    expect(fieldsOf({ ...ok, endsAt: ok.startsAt, allDay: true })).toEqual([]);
    expect(fieldsOf({ ...ok, title: 'x'.repeat(201) })).toEqual(['title:tooLong']);
    expect(fieldsOf({ ...ok, title: '  ' })).toEqual(['title:required']);
    expect(fieldsOf({ ...ok, repeat: 'weekly', repeatUntil: '2027-02-01', repeatCount: 3 })).toEqual(['repeatCount:invalid']);
    expect(fieldsOf({ ...ok, participantIds: [2, 2] })).toEqual(['participantIds:invalidOption']);
  });
});
