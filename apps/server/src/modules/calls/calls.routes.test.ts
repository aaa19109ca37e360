import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doctorSpecializations } from '@pharma/contracts';
import { createTestApp, makeTwoTeams, makeUser, type TestContext } from '../../test/test-app.js';
import { assignTerritory, createOrganization, headers, organizationBody, place } from '../../test/counterparties.js';
import { doctors } from '../doctors/doctors.table.js';
import { doctorSearchKeys } from '../doctors/doctors.service.js';
import { users } from '../users/users.table.js';
import { telephonyExtensions } from './calls.table.js';
import { signTelephony } from './telephony.js';

const secret = 'test-telephony-secret-0123456789';
let t: TestContext;
type U = Awaited<ReturnType<typeof makeTwoTeams>>['rep'];
let admin: U, chief: U, rep: U, rep2: U, rep3: U, operator: U, colleague: U;
let org: { id: number; name: string; regionId?: unknown; districtId?: unknown }, otherOrg: { id: number; name: string }, doctorId: number;

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, user: { id: number }, payload?: unknown) =>
  t.app.inject({ method, url, headers: headers(t.app, user), ...(payload === undefined ? {} : { payload: payload as object }) });

let seq = 0;
const nextCallId = () => `pbx-${(seq += 1)}`;
const now = () => String(Math.floor(Date.now() / 1000));
/** A PBX's event, signed as the webhook expects unless told otherwise. */
function post(event: Record<string, unknown>, sign: { timestamp?: string; secret?: string; signature?: string } = {}) {
  const body = JSON.stringify(event);
  const timestamp = sign.timestamp ?? now();
  return t.app.inject({
    method: 'POST',
    url: '/api/telephony/webhook',
    headers: {
      'content-type': 'application/json',
      'x-timestamp': timestamp,
      'x-signature': sign.signature ?? signTelephony(sign.secret ?? secret, timestamp, body),
    },
    payload: body,
  });
}
const incoming = (from: string, extra: Record<string, unknown> = {}) => ({
  callId: nextCallId(),
  event: 'ringing',
  direction: 'in',
  from,
  to: '101',
  ...extra,
});
const list = async (user: { id: number }, query = '') => (await inject('GET', `/api/calls${query}`, user)).json();

beforeAll(async () => {
  t = await createTestApp({ TELEPHONY_WEBHOOK_SECRET: secret });
  ({ admin, chief, rep, rep2, rep3 } = await makeTwoTeams(t.db));
  operator = await makeUser(t.db, 'operator');
  colleague = await makeUser(t.db, 'employee', { phones: ['+998935551122'] });
  const chilonzor = await place(t.db, 'TK', 'Chilonzor');
  const yunusobod = await place(t.db, 'TK', 'Yunusobod');
  await assignTerritory(t.db, rep.id, chilonzor);
  await assignTerritory(t.db, rep3.id, yunusobod);
  org = await createOrganization(t.app, admin, organizationBody(chilonzor, { phone: '+998 71 200 11 22' }));
  otherOrg = await createOrganization(t.app, admin, organizationBody(yunusobod, { phone: '+998712009900' }));
  const doctor = { firstName: 'Азиз', lastName: 'Каримов', middleName: null, phone: '+998977001122', position: null };
  const [d] = await t.db
    .insert(doctors)
    .values({ ...doctor, ...doctorSearchKeys(doctor), specialization: doctorSpecializations[0], organizationId: org.id })
    .returning();
  doctorId = d!.id;
  await t.db.insert(telephonyExtensions).values([
    { userId: rep.id, extension: '101' },
    { userId: rep3.id, extension: '103' },
  ]);
});
afterAll(() => t.close());

describe('the webhook refuses what is not the PBX’s', () => {
  it('a bad HMAC → 401, nothing written', async () => {
    const event = incoming('+998901110001');
    const refused = await post(event, { secret: 'another-secret-another-secret' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('TELEPHONY_SIGNATURE_INVALID');
    expect((await post(event, { signature: 'nonsense' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/telephony/webhook', payload: event })).statusCode).toBe(401);
    expect((await list(admin, '?q=901110001')).total).toBe(0);
  });

  it('a timestamp older than 5 minutes (or far ahead) is refused as a replay, though signed', async () => {
    const old = await post(incoming('+998901110002'), { timestamp: String(Math.floor(Date.now() / 1000) - 301) });
    expect(old.statusCode).toBe(401);
    expect(old.json().code).toBe('TELEPHONY_REPLAYED');
    expect((await post(incoming('+998901110002'), { timestamp: String(Math.floor(Date.now() / 1000) + 400) })).statusCode).toBe(401);
    expect((await post(incoming('+998901110002'), { timestamp: 'yesterday' })).statusCode).toBe(401);
  });

  it('the same call id twice is one call; its events update it and never go back', async () => {
    const callId = nextCallId();
    const ringing = { callId, event: 'ringing', direction: 'in', from: '8 90 111 00 03', to: '101' };
    const first = await post(ringing);
    expect(first.statusCode).toBe(200);
    expect((await post(ringing)).json()).toEqual(first.json());
    await post({ ...ringing, event: 'answered' });
    await post({ ...ringing, event: 'ended', durationSeconds: 42, recordingUrl: 'https://pbx.example.uz/rec/1.mp3' });
    // a late 'answered' does not reopen it
    expect((await post({ ...ringing, event: 'answered' })).json()).toEqual({ id: first.json().id, state: 'ended' });
    const log = await list(admin, '?q=901110003');
    expect(log.total).toBe(1);
    expect(log.items[0]).toMatchObject({
      state: 'ended',
      outcome: 'answered',
      durationSeconds: 42,
      phone: '+998901110003',
      userId: rep.id,
      recordingUrl: 'https://pbx.example.uz/rec/1.mp3',
    });
  });

  it('an end without the PBX’s duration is timed from the answer; each event at its own time', async () => {
    const callId = nextCallId();
    const ringing = { callId, event: 'ringing', direction: 'in', from: '+998901110004', to: '101', at: '2026-11-20T09:30:00+05:00' };
    await post(ringing);
    await post({ ...ringing, event: 'answered', at: '2026-11-20T09:30:07+05:00' });
    await post({ ...ringing, event: 'ended', at: '2026-11-20T09:32:02+05:00' });
    const [row] = (await list(admin, '?q=901110004')).items;
    expect(row).toMatchObject({ state: 'ended', outcome: 'answered', durationSeconds: 115, startedAt: '2026-11-20T04:30:00Z' });
  });

  it('a recording that is no http(s) address is refused with a field error, and nothing is written', async () => {
    for (const recordingUrl of ['javascript:alert(1)', 'data:audio/wav;base64,AAAA', 'file:///etc/passwd', 'ftp://pbx.example.uz/1.wav']) {
      const res = await post({ ...incoming('+998901110005'), event: 'ended', durationSeconds: 5, recordingUrl });
      expect(res.statusCode, recordingUrl).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { recordingUrl: expect.stringContaining('http') } });
    }
    expect((await list(admin, '?q=901110005')).total).toBe(0);
  });

  it('an invalid event body is refused after its signature', async () => {
    const res = await post({ callId: nextCallId(), event: 'exploded', direction: 'in', from: 'x', to: 'y' });
    expect(res.statusCode).toBe(400);
  });
});

describe('matching a number to its card', () => {
  it.each([
    ['+998 71 200 11 22', 'organization'],
    ['(71) 200-11-22', 'organization'],
    ['8 71 2001122', 'organization'],
    ['tel:+998712001122', 'organization'],
    ['0977001122', 'doctor'],
    ['+998 (97) 700-11-22', 'doctor'],
    ['93\u00a0555\u201111\u201122', 'user'],
  ])('%s → %s', async (from, type) => {
    const { id } = (await post(incoming(from))).json();
    const [call] = (await list(admin, `?size=100`)).items.filter((c: { id: number }) => c.id === id);
    const expected = { organization: org.id, doctor: doctorId, user: colleague.id }[type];
    expect(call.match).toMatchObject({ type, id: expected });
    if (type !== 'user') expect(call.organizationId).toBe(org.id);
  });

  it('a lead’s number, written any way, is the lead until it becomes an organization', async () => {
    const lead = await inject('POST', '/api/leads', admin, {
      name: 'Dorixona Sabo',
      type: 'pharmacy',
      phones: ['+998 90 444 55 66'],
      regionId: org.regionId,
      districtId: org.districtId,
      source: 'call',
    });
    expect(lead.statusCode, lead.body).toBe(201);
    const { id } = (await post(incoming('90-444-55-66'))).json();
    const [call] = (await list(admin, '?size=100')).items.filter((c: { id: number }) => c.id === id);
    expect(call.match).toEqual({ type: 'lead', id: lead.json().id, name: 'Dorixona Sabo' });
  });

  it('a number no card has stays unmatched (the popup offers a new lead)', async () => {
    const { id } = (await post(incoming('+998 99 000 00 01'))).json();
    const call = (await list(admin, '?q=990000001')).items[0];
    expect(call).toMatchObject({ id, match: null, phone: '+998990000001' });
  });
});

describe('what a call starts', () => {
  it('a missed call from a client becomes one task for its rep; from a client without a rep, for an operator — titled in their language', async () => {
    await t.db.update(users).set({ language: 'en' }).where(eq(users.id, rep.id));
    const missed = { callId: nextCallId(), event: 'ended', direction: 'in', from: '712001122', to: '900', outcome: 'missed' };
    const { id } = (await post(missed)).json();
    await post(missed);
    const call = (await list(admin, '?outcome=missed&size=100')).items.find((c: { id: number }) => c.id === id);
    expect(call.taskId).toBeTruthy();
    const task = (await inject('GET', `/api/tasks/${call.taskId}`, rep)).json();
    expect(task).toMatchObject({
      assigneeId: rep.id,
      organizationId: org.id,
      priority: 'high',
      title: `Missed call: call back +998 71 200 11 22 — ${org.name}`,
    });
    expect((await inject('GET', '/api/tasks?mine=assigned&size=100', rep)).json().items.filter((x: { id: number }) => x.id === call.taskId)).toHaveLength(1);

    // otherOrg's only rep leaves: its missed call goes to the operators' desk
    const noRep = { callId: nextCallId(), event: 'ended', direction: 'in', from: '+998712009900', to: '900' };
    expect((await t.app.inject({ method: 'POST', url: `/api/users/${rep3.id}/deactivate`, headers: headers(t.app, admin) })).statusCode).toBeLessThan(300);
    const res = (await post(noRep)).json();
    const other = (await list(admin, '?size=100')).items.find((c: { id: number }) => c.id === res.id);
    const otherTask = (await inject('GET', `/api/tasks/${other.taskId}`, admin)).json();
    // the operator has chosen no language: Russian
    expect(otherTask).toMatchObject({
      assigneeId: operator.id,
      organizationId: otherOrg.id,
      title: `Пропущенный звонок: перезвонить +998 71 200 99 00 — ${otherOrg.name}`,
    });
  });

  it('an incoming call pops the matched card on the stream of the user whose extension rings', async () => {
    const signals: string[] = [];
    const unlisten = await t.database.listen(
      'notifications',
      (payload) => signals.push(payload),
      () => {},
    );
    const { id } = (await post(incoming('+998712001122', { to: '101' }))).json();
    await post(incoming('+998712001122', { callId: `again-${id}`, to: '999' })); // no extension: nobody to tell
    await unlisten();
    const popped = signals.map((s) => JSON.parse(s)).filter((s) => s.signal === 'incomingCall');
    expect(popped).toEqual([
      { signal: 'incomingCall', callId: id, phone: '+998712001122', match: { type: 'organization', id: org.id, name: org.name }, userId: rep.id },
    ]);
  });
});

describe('scope and rights', () => {
  it('a rep sees only calls of their own or of their clients; a chief their team’s; an admin all', async () => {
    const mine = (await post(incoming('+998901110077', { to: '101' }))).json().id;
    const otherClient = (await post(incoming('+998712009900', { to: '555' }))).json().id;
    const ownClient = (await post(incoming('+998712001122', { to: '555' }))).json().id;
    const ids = async (u: { id: number }) => (await list(u, '?size=100')).items.map((c: { id: number }) => c.id);
    const repSees = await ids(rep);
    expect(repSees).toEqual(expect.arrayContaining([mine, ownClient]));
    expect(repSees).not.toContain(otherClient);
    expect(await ids(rep2)).not.toContain(mine);
    expect(await ids(chief)).toContain(mine);
    expect(await ids(admin)).toEqual(expect.arrayContaining([mine, otherClient, ownClient]));
    expect((await inject('PUT', `/api/calls/${otherClient}/note`, rep, { note: 'x' })).statusCode).toBe(404);
    const noted = await inject('PUT', `/api/calls/${mine}/note`, rep, { note: 'Перезвонить после обеда' });
    expect(noted.json().note).toBe('Перезвонить после обеда');
    const courier = await makeUser(t.db, 'courier');
    expect((await inject('GET', '/api/calls', courier)).statusCode).toBe(403);
  });

  it('filters by outcome, direction and dates; pages', async () => {
    const page = await list(admin, '?direction=in&size=25&page=1');
    expect(page.items.every((c: { direction: string }) => c.direction === 'in')).toBe(true);
    expect((await list(admin, '?dateFrom=2000-01-01&dateTo=2000-01-02')).total).toBe(0);
    expect((await list(admin, '?outcome=busy')).total).toBe(0);
  });

  it('Settings → Telephony: the adapter only with telephony.edit; one’s own extension; click-to-call needs both', async () => {
    expect((await inject('PUT', '/api/telephony/settings', rep, { adapter: 'generic' })).statusCode).toBe(403);
    expect((await inject('POST', '/api/calls/originate', rep, { phone: '90 123 45 67' })).json().code).toBe('TELEPHONY_OFF');
    expect((await inject('PUT', '/api/telephony/settings', admin, { adapter: 'generic' })).json()).toMatchObject({
      adapter: 'generic',
      webhookSecretSet: true,
    });
    expect((await inject('PUT', '/api/telephony/extension', rep2, { userId: rep.id, extension: '555' })).statusCode).toBe(403);
    expect((await inject('PUT', '/api/telephony/extension', rep2, { extension: '101' })).statusCode).toBe(409);
    expect((await inject('PUT', '/api/telephony/extension', rep2, { extension: '102' })).json()).toMatchObject({ extension: '102' });
    expect((await inject('PUT', '/api/telephony/extension', admin, { userId: chief.id, extension: '200' })).statusCode).toBe(200);
    expect((await inject('GET', '/api/telephony/extensions', rep)).statusCode).toBe(403);
    const extensions = (await inject('GET', '/api/telephony/extensions', admin)).json().items;
    expect(extensions).toEqual(
      expect.arrayContaining([
        { userId: rep2.id, userName: rep2.fullName, extension: '102' },
        { userId: chief.id, userName: chief.fullName, extension: '200' },
      ]),
    );
    await inject('PUT', '/api/telephony/extension', admin, { userId: chief.id, extension: null });
    expect((await inject('POST', '/api/calls/originate', chief, { phone: '90 123 45 67' })).json().code).toBe('TELEPHONY_NO_EXTENSION');
    expect((await inject('POST', '/api/calls/originate', rep2, { phone: 'abc' })).json().code).toBe('PHONE_NOT_UZBEK');
    // no PBX address configured in this app
    expect((await inject('POST', '/api/calls/originate', rep2, { phone: '90 123 45 67' })).json().code).toBe('TELEPHONY_OFF');
  });
});
