import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { createTestApp, makeUser, type TestContext } from '../../test/test-app.js';
import { assignTerritory, createOrganization, headers, organizationBody, place } from '../../test/counterparties.js';
import { organizations } from '../../modules/organizations/organizations.table.js';
import { visits } from '../../modules/visits/visits.table.js';
import { auditLog } from '../audit/audit.table.js';
import { requestKeys } from './request-keys.table.js';
import { sweepRequestKeys } from './offline-writes.js';

let t: TestContext;
type U = Awaited<ReturnType<typeof makeUser>>;
let admin: U, rep: U;
let clinicId = 0;
let keyNumber = 0;
const newKey = () => `queued-item-${Date.now()}-${++keyNumber}`;

const planBody = () => ({
  organizationId: clinicId,
  representativeId: rep.id,
  plannedStart: '2030-03-10T09:00:00+05:00',
  plannedEnd: '2030-03-10T10:00:00+05:00',
});
const send = (method: 'POST' | 'PUT', url: string, payload: object, extra: Record<string, string> = {}, user: U = rep) =>
  t.app.inject({ method, url, headers: { ...headers(t.app, user, 'en'), ...extra }, payload });
const visitsOf = async (repId: number) => (await t.db.select({ n: count() }).from(visits).where(eq(visits.representativeId, repId)))[0]!.n;

beforeAll(async () => {
  t = await createTestApp();
  const district = await place(t.db, 'TK', 'Chilonzor');
  admin = await makeUser(t.db, 'admin');
  rep = await makeUser(t.db, 'rep', { managerId: admin.id });
  await assignTerritory(t.db, rep.id, district);
  clinicId = (await createOrganization(t.app, admin, organizationBody(district, { name: 'Семейная поликлиника №7', type: 'healthcare' }))).id;
  await t.db.update(organizations).set({ lat: 41.2856, lng: 69.2034 }).where(eq(organizations.id, clinicId));
});
afterAll(() => t.close());

describe('a queued write sent again (Idempotency-Key on every write)', () => {
  it('a visit planned from a queue whose answers were lost three times is held once, and each send answers it', async () => {
    const key = newKey();
    const before = await visitsOf(rep.id);
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await send('POST', '/api/visits', planBody(), { 'idempotency-key': key }));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect(answers.map((a) => a.headers['idempotent-replay'])).toEqual([undefined, 'true', 'true']);
    expect(await visitsOf(rep.id)).toBe(before + 1);
    const audits = await t.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'visit'), eq(auditLog.entityId, String(answers[0]!.json().id)), eq(auditLog.action, 'create')));
    expect(audits[0]!.n).toBe(1);
  });

  it('sent three times at once, the write is made once; the others answer it or ask to be sent again', async () => {
    const key = newKey();
    const before = await visitsOf(rep.id);
    const answers = await Promise.all([1, 2, 3].map(() => send('POST', '/api/visits', planBody(), { 'idempotency-key': key })));
    expect(await visitsOf(rep.id)).toBe(before + 1);
    for (const a of answers) expect([201, 409]).toContain(a.statusCode);
    const late = await send('POST', '/api/visits', planBody(), { 'idempotency-key': key });
    expect(late.statusCode).toBe(201);
    expect(late.headers['idempotent-replay']).toBe('true');
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().code).toBe('REQUEST_IN_PROGRESS');
  });

  it("a refusal is an answer too: the same start sent again answers the same refusal, not another write's", async () => {
    const visit = (await send('POST', '/api/visits', planBody())).json();
    const key = newKey();
    const first = await send('POST', `/api/visits/${visit.id}/start`, {}, { 'idempotency-key': key });
    expect(first.statusCode).toBe(400);
    expect(first.json().code).toBe('GEOLOCATION_REQUIRED');
    const again = await send('POST', `/api/visits/${visit.id}/start`, {}, { 'idempotency-key': key });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('GEOLOCATION_REQUIRED');
  });

  it('the same key with another request is refused (IDEMPOTENCY_KEY_REUSED), and a bad key names its header', async () => {
    const key = newKey();
    expect((await send('POST', '/api/visits', planBody(), { 'idempotency-key': key })).statusCode).toBe(201);
    const other = await send('POST', '/api/visits', { ...planBody(), comment: 'другой' }, { 'idempotency-key': key });
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    const short = await send('POST', '/api/visits', planBody(), { 'idempotency-key': 'short' });
    expect(short.statusCode).toBe(400);
    expect(Object.keys(short.json().fields)).toEqual(['idempotency-key']);
  });

  it("a key is its sender's own: another user's same key makes their own write", async () => {
    const key = newKey();
    const mine = await send('POST', '/api/visits', planBody(), { 'idempotency-key': key });
    const theirs = await send('POST', '/api/visits', planBody(), { 'idempotency-key': key }, admin);
    expect(mine.statusCode).toBe(201);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().id).not.toBe(mine.json().id);
  });

  it('answers are kept for a week and a day, then swept', async () => {
    const key = newKey();
    await send('POST', '/api/visits', planBody(), { 'idempotency-key': key });
    const later = new Date(Date.now() + 9 * 24 * 3_600_000);
    expect(await sweepRequestKeys(t.db, later)).toBeGreaterThan(0);
    const left = await t.db.select().from(requestKeys).where(eq(requestKeys.key, key));
    expect(left).toEqual([]);
  });
});

describe("a queued action's time", () => {
  it("a visit started and completed offline counts from the device's moments, and keeps when the server got them", async () => {
    const visit = (await send('POST', '/api/visits', planBody())).json();
    // the phone's clock runs 2 minutes fast; the rep started 40 minutes ago and completed 10 minutes ago
    const fast = 120_000;
    const deviceNow = Date.now() + fast;
    const startedOnDevice = new Date(deviceNow - 40 * 60_000).toISOString();
    const completedOnDevice = new Date(deviceNow - 10 * 60_000).toISOString();
    const position = (deviceTime: string) => ({ lat: 41.2856, lng: 69.2034, accuracy: 12, deviceTime });
    const queued = (actedAt: string) => ({ 'idempotency-key': newKey(), 'x-acted-at': actedAt, 'x-sent-at': new Date(deviceNow).toISOString() });
    const started = await send('POST', `/api/visits/${visit.id}/start`, { position: position(startedOnDevice) }, queued(startedOnDevice));
    expect(started.statusCode).toBe(200);
    const completed = await send('POST', `/api/visits/${visit.id}/complete`, { position: position(completedOnDevice) }, queued(completedOnDevice));
    expect(completed.statusCode).toBe(200);
    const [row] = await t.db.select().from(visits).where(eq(visits.id, visit.id));
    const minutesAgo = (d: Date | null) => (Date.now() - d!.getTime()) / 60_000;
    expect(minutesAgo(row!.startedAt)).toBeCloseTo(40, 0);
    expect(minutesAgo(row!.completedAt)).toBeCloseTo(10, 0);
    expect(minutesAgo(row!.startReceivedAt)).toBeLessThan(1);
    expect(minutesAgo(row!.completedReceivedAt)).toBeLessThan(1);
    expect(row!.startDeviceTime!.toISOString()).toBe(startedOnDevice);
    // 2 minutes of clock difference is within the proof's bound: a visit that waited in a queue is not questionable for it
    expect(completed.json().proofReasons).not.toContain('clockMismatch');
    expect(completed.json().proofReasons).not.toContain('tooShort');
  });

  it('an action older than a week is refused (ACTION_TOO_OLD), and a time that is not one names its header', async () => {
    const visit = (await send('POST', '/api/visits', planBody())).json();
    const old = new Date(Date.now() - 8 * 24 * 3_600_000).toISOString();
    const body = { position: { lat: 41.2856, lng: 69.2034, accuracy: 12, deviceTime: old } };
    const refused = await send('POST', `/api/visits/${visit.id}/start`, body, { 'x-acted-at': old, 'x-sent-at': new Date().toISOString() });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('ACTION_TOO_OLD');
    const bad = await send('POST', `/api/visits/${visit.id}/start`, body, { 'x-acted-at': 'yesterday', 'x-sent-at': new Date().toISOString() });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['x-acted-at']);
  });
});
