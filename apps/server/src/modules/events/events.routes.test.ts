import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeTwoTeams, type TestContext } from '../../test/test-app.js';
import { headers } from '../../test/counterparties.js';

let t: TestContext;
type U = Awaited<ReturnType<typeof makeTwoTeams>>['rep'];
let chief: U, rep: U, rep2: U, otherChief: U, rep3: U;

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, user: { id: number }, payload?: unknown, lng = 'en') =>
  t.app.inject({ method, url, headers: headers(t.app, user, lng), ...(payload === undefined ? {} : { payload: payload as object }) });
const organize = (user: { id: number }, body: Record<string, unknown>) =>
  inject('POST', '/api/events', user, { title: 'Планёрка', startsAt: '2027-01-11T09:00:00+05:00', endsAt: '2027-01-11T10:00:00+05:00', ...body });
const respond = (id: number, user: { id: number }, response: string) => inject('POST', `/api/events/${id}/respond`, user, { response });
const calendar = async (user: { id: number }, from: string, to: string, who = 'me') => {
  const res = await inject('GET', `/api/events?from=${from}&to=${to}&who=${who}`, user);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items as { eventId: number; startsAt: string; myResponse: string | null }[];
};
const notificationsOf = async (user: { id: number }) =>
  (await inject('GET', '/api/notifications', user)).json().items as { kind: string; subjectType: string; subjectId: number; params: Record<string, string> }[];

beforeAll(async () => {
  t = await createTestApp();
  ({ chief, rep, rep2, otherChief, rep3 } = await makeTwoTeams(t.db));
});
afterAll(() => t.close());

describe('inviting', () => {
  it('a chief organizes an event with two of the team: each is told in the same transaction, and sees it pending', async () => {
    const res = await organize(chief, { participantIds: [rep.id, rep2.id, chief.id], colour: 'green', place: 'Офис' });
    expect(res.statusCode, res.body).toBe(201);
    const event = res.json();
    expect(event).toMatchObject({ organizerId: chief.id, colour: 'green', place: 'Офис', editable: true, myResponse: null, startsAt: '2027-01-11T04:00:00Z' });
    // the organizer is not their own invitee
    expect(event.participants.map((p: { userId: number; response: string }) => [p.userId, p.response]).sort()).toEqual(
      [
        [rep.id, 'pending'],
        [rep2.id, 'pending'],
      ].sort(),
    );
    for (const user of [rep, rep2])
      expect((await notificationsOf(user)).find((n) => n.subjectType === 'event' && n.subjectId === event.id)).toMatchObject({
        kind: 'eventInvitation',
        params: { title: 'Планёрка', by: chief.fullName },
      });
    expect((await notificationsOf(chief)).some((n) => n.kind === 'eventInvitation')).toBe(false);
    expect((await calendar(rep, '2027-01-11', '2027-01-11')).find((o) => o.eventId === event.id)).toMatchObject({ myResponse: 'pending' });
  });

  it('one outside the organizer’s team is refused with the field named, in the asker’s language; bad input is a 400', async () => {
    const refused = await organize(chief, { participantIds: [rep.id, rep3.id] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ participantIds: 'You can invite only yourself and people in your team' });
    const ru = await inject(
      'POST',
      '/api/events',
      rep,
      { title: 'x', startsAt: '2027-01-11T09:00:00+05:00', endsAt: '2027-01-11T10:00:00+05:00', participantIds: [rep2.id] },
      'ru',
    );
    expect(ru.json().fields).toEqual({ participantIds: 'Пригласить можно только себя и сотрудников своей команды' });
    const bad = await organize(chief, { title: ' ', endsAt: '2027-01-11T08:00:00+05:00' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['endsAt', 'title']);
    expect((await organize(chief, { title: 'x'.repeat(201) })).json().fields).toEqual({ title: expect.any(String) });
    expect((await inject('GET', '/api/events?from=2027-01-01&to=2027-06-01', rep)).json().fields).toEqual({ to: expect.any(String) });
  });
});

describe('the news of an event', () => {
  const newsOf = async (user: { id: number }, eventId: number) =>
    (await notificationsOf(user)).filter((n) => n.subjectType === 'event' && n.subjectId === eventId).map((n) => n.params.change ?? 'invited');

  it('tells the organizer of an answer once, the invited of a change and of the cancelling', async () => {
    const { id } = (await organize(chief, { title: 'Разбор', participantIds: [rep.id, rep2.id] })).json();
    expect((await respond(id, rep, 'accepted')).statusCode).toBe(200);
    expect((await respond(id, rep, 'accepted')).statusCode).toBe(200);
    expect((await respond(id, rep2, 'declined')).statusCode).toBe(200);
    expect(await newsOf(chief, id)).toEqual(['declined', 'accepted']);
    expect((await notificationsOf(chief)).find((n) => n.subjectId === id)?.params).toMatchObject({ by: rep2.fullName, title: 'Разбор' });

    // a change: the one still invited hears of it, the newly invited gets the invitation, the one removed nothing
    const changed = await inject('PUT', `/api/events/${id}`, chief, {
      title: 'Разбор',
      startsAt: '2027-01-11T11:00:00+05:00',
      endsAt: '2027-01-11T12:00:00+05:00',
      participantIds: [rep.id, chief.id],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await newsOf(rep, id)).toEqual(['changed', 'invited']);
    expect(await newsOf(rep2, id)).toEqual(['invited']);

    expect((await inject('POST', `/api/events/${id}/cancel`, chief)).statusCode).toBe(200);
    expect(await newsOf(rep, id)).toEqual(['cancelled', 'changed', 'invited']);
    expect(await newsOf(chief, id)).toEqual(['declined', 'accepted']);
  });
});

describe('seeing and answering', () => {
  it('a non-participant does not read it (404 by id, .ics, and the calendar); the chief over the team does', async () => {
    const { id } = (await organize(rep, { title: 'Личное' })).json();
    for (const user of [rep2, rep3, otherChief]) {
      expect((await inject('GET', `/api/events/${id}`, user)).statusCode).toBe(404);
      expect((await inject('GET', `/api/events/${id}/ics`, user)).statusCode).toBe(404);
      expect((await calendar(user, '2027-01-11', '2027-01-11', 'team')).map((o) => o.eventId)).not.toContain(id);
    }
    expect((await inject('GET', `/api/events/${id}`, chief)).json()).toMatchObject({ editable: false, myResponse: null });
    expect((await calendar(chief, '2027-01-11', '2027-01-11', 'team')).map((o) => o.eventId)).toContain(id);
    expect((await calendar(chief, '2027-01-11', '2027-01-11')).map((o) => o.eventId)).not.toContain(id);
  });

  it('a participant accepts or declines, the organizer sees each answer; only the organizer changes or cancels it', async () => {
    const { id } = (await organize(chief, { participantIds: [rep.id, rep2.id] })).json();
    expect((await respond(id, rep, 'accepted')).json().myResponse).toBe('accepted');
    expect((await respond(id, rep2, 'declined')).statusCode).toBe(200);
    expect((await respond(id, rep2, 'maybe')).statusCode).toBe(400);
    expect((await respond(id, chief, 'accepted')).statusCode).toBe(403);
    const seen = (await inject('GET', `/api/events/${id}`, chief)).json();
    expect(Object.fromEntries(seen.participants.map((p: { userId: number; response: string }) => [p.userId, p.response]))).toEqual({
      [rep.id]: 'accepted',
      [rep2.id]: 'declined',
    });
    const body = { title: 'Другое', startsAt: '2027-01-12T09:00:00+05:00', endsAt: '2027-01-12T10:00:00+05:00', participantIds: [rep.id] };
    expect((await inject('PUT', `/api/events/${id}`, rep, body)).statusCode).toBe(403);
    expect((await inject('POST', `/api/events/${id}/cancel`, rep)).statusCode).toBe(403);
    const changed = (await inject('PUT', `/api/events/${id}`, chief, body)).json();
    // rep2 is no longer invited and no longer sees it; rep keeps their answer
    expect(changed).toMatchObject({ title: 'Другое', participants: [{ userId: rep.id, response: 'accepted' }] });
    expect((await inject('GET', `/api/events/${id}`, rep2)).statusCode).toBe(404);
    const cancelled = await inject('POST', `/api/events/${id}/cancel`, chief);
    expect(cancelled.json()).toMatchObject({ cancelledAt: expect.any(String), editable: false });
    expect((await calendar(rep, '2027-01-12', '2027-01-12')).map((o) => o.eventId)).not.toContain(id);
    expect((await respond(id, rep, 'declined')).statusCode).toBe(409);
    expect((await inject('GET', `/api/events/${id}/ics`, rep)).body).toContain('STATUS:CANCELLED');
  });
});

describe('repeats, in Tashkent time', () => {
  it('weekly until a date: the occurrences of the range asked, with a left-out date', async () => {
    const { id } = (
      await organize(chief, {
        title: 'Еженедельная',
        startsAt: '2027-03-01T09:00:00+05:00',
        endsAt: '2027-03-01T10:00:00+05:00',
        repeat: 'weekly',
        repeatUntil: '2027-03-29',
        exceptions: ['2027-03-15'],
      })
    ).json();
    const starts = (await calendar(chief, '2027-03-01', '2027-04-30')).filter((o) => o.eventId === id).map((o) => o.startsAt);
    expect(starts).toEqual(['2027-03-01T04:00:00.000Z', '2027-03-08T04:00:00.000Z', '2027-03-22T04:00:00.000Z', '2027-03-29T04:00:00.000Z']);
  });

  it('monthly on the 31st skips short months; one at 02:00 on the 1st (the day before in UTC) stays in its Tashkent month', async () => {
    const { id: on31 } = (
      await organize(chief, { title: '31-е', startsAt: '2027-01-31T09:00:00+05:00', endsAt: '2027-01-31T10:00:00+05:00', repeat: 'monthly' })
    ).json();
    const { id: early } = (
      await organize(chief, { title: 'Ранняя', startsAt: '2027-01-01T02:00:00+05:00', endsAt: '2027-01-01T03:00:00+05:00', repeat: 'monthly', repeatCount: 6 })
    ).json();
    const feb = await calendar(chief, '2027-02-01', '2027-02-28');
    expect(feb.filter((o) => o.eventId === on31)).toEqual([]);
    expect(feb.filter((o) => o.eventId === early).map((o) => o.startsAt)).toEqual(['2027-01-31T21:00:00.000Z']);
    const march = await calendar(chief, '2027-03-01', '2027-03-31');
    expect(march.filter((o) => o.eventId === on31).map((o) => o.startsAt)).toEqual(['2027-03-31T04:00:00.000Z']);
    expect(march.filter((o) => o.eventId === early).map((o) => o.startsAt)).toEqual(['2027-02-28T21:00:00.000Z']);
    // the last day of February asked alone does not hold March's first, though it is 28 February in UTC
    expect((await calendar(chief, '2027-02-28', '2027-02-28')).filter((o) => o.eventId === early)).toEqual([]);
    // six in all: January to June
    expect((await calendar(chief, '2027-07-01', '2027-07-31')).filter((o) => o.eventId === early)).toEqual([]);
  });
});

describe('iCalendar', () => {
  it('an event and my range feed as text/calendar: CRLF, lines folded at 75 octets, RRULE in UTC', async () => {
    const { id } = (
      await organize(chief, {
        title: 'Обучение, продукты; новинки',
        description: 'Разбор новых препаратов '.repeat(5),
        startsAt: '2027-01-31T09:00:00+05:00',
        endsAt: '2027-01-31T10:30:00+05:00',
        repeat: 'monthly',
        repeatUntil: '2027-12-31',
        participantIds: [rep.id],
      })
    ).json();
    const res = await inject('GET', `/api/events/${id}/ics`, rep);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    const text = res.body;
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    const lines = text.replace(/\r\n /g, '').split('\r\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        `UID:event-${id}@events.pharma-field`,
        'DTSTART:20270131T040000Z',
        'DTEND:20270131T053000Z',
        'SUMMARY:Обучение\\, продукты\\; новинки',
        'RRULE:FREQ=MONTHLY;UNTIL=20271231T185959Z',
      ]),
    );
    expect(lines.some((l) => /^DTSTAMP:\d{8}T\d{6}Z$/.test(l))).toBe(true);
    const feed = await inject('GET', '/api/events/calendar.ics?from=2027-03-01&to=2027-03-31', rep);
    expect(feed.statusCode).toBe(200);
    expect(feed.body.match(/BEGIN:VEVENT/g)?.length).toBeGreaterThanOrEqual(1);
    expect(feed.body).toContain(`UID:event-${id}@`);
    expect((await inject('GET', '/api/events/calendar.ics?from=2027-03-31&to=2027-03-01', rep)).statusCode).toBe(400);
  });
});
