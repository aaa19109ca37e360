import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeUser, type TestContext } from '../../test/test-app.js';
import { assignTerritory, createOrganization, headers, nextPhone, organizationBody, place, type Place } from '../../test/counterparties.js';
import { AppError } from '../../platform/errors.js';
import { translate } from '../../platform/i18n.js';
import { assertOrganizationOpen } from './organizations.service.js';

let t: TestContext;
type U = Awaited<ReturnType<typeof makeUser>>;
let admin: U, chief: U, rep: U, otherRep: U, courier: U;
let chilonzor: Place, yunusobod: Place;
const as = (user: { id: number }, lng = 'en') => headers(t.app, user, lng);
const noReason = Symbol('no reason');
const block = (id: number, user: { id: number }, reason: string | typeof noReason = 'Долг по оплате более 90 дней', lng = 'en') =>
  t.app.inject({ method: 'POST', url: `/api/organizations/${id}/block`, headers: as(user, lng), payload: reason === noReason ? {} : { reason } });
const unblock = (id: number, user: { id: number }, lng = 'en') =>
  t.app.inject({ method: 'POST', url: `/api/organizations/${id}/unblock`, headers: as(user, lng) });

beforeAll(async () => {
  t = await createTestApp();
  chilonzor = await place(t.db, 'TK', 'Chilonzor');
  yunusobod = await place(t.db, 'TK', 'Yunusobod');
  admin = await makeUser(t.db, 'admin');
  chief = await makeUser(t.db, 'chief', { fullName: 'Юсупова Нилуфар' });
  rep = await makeUser(t.db, 'rep', { managerId: chief.id });
  otherRep = await makeUser(t.db, 'rep', { managerId: admin.id });
  courier = await makeUser(t.db, 'courier', { managerId: admin.id });
  await assignTerritory(t.db, rep.id, chilonzor);
  await assignTerritory(t.db, otherRep.id, yunusobod);
});
afterAll(() => t.close());

describe('POST /api/organizations/:id/block', () => {
  it('needs a reason (spec §5), with a localized field error', async () => {
    const org = await createOrganization(t.app, admin, organizationBody(chilonzor));
    for (const [reason, lng, message] of [
      [noReason, 'en', 'Required field'],
      ['   ', 'ru', 'Обязательное поле'],
      ['', 'uz-Latn', 'Majburiy maydon'],
      ['', 'uz-Cyrl', 'Мажбурий майдон'],
    ] as const) {
      const res = await block(org.id, admin, reason, lng);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.reason).toBe(message);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/organizations/${org.id}`, headers: as(admin) })).json().blocked).toBe(false);
  });

  it("blocks with reason, creator and block date ('Organization successfully blocked'), and audits it", async () => {
    const org = await createOrganization(t.app, admin, organizationBody(chilonzor));
    const res = await block(org.id, chief);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: org.id,
      blocked: true,
      block: {
        reason: 'Долг по оплате более 90 дней',
        blockedById: chief.id,
        blockedByName: 'Юсупова Нилуфар',
        blockedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/),
      },
    });
    const audit = (await t.app.inject({ method: 'GET', url: `/api/audit?entity=organization&entityId=${org.id}`, headers: as(admin) })).json();
    expect(audit.items[0]).toMatchObject({ action: 'block', actorId: chief.id, changes: { blocked: { from: false, to: true } } });
  });

  it("never blocks twice: 409 'Organization is already blacklisted'", async () => {
    const org = await createOrganization(t.app, admin, organizationBody(chilonzor));
    expect((await block(org.id, admin)).statusCode).toBe(200);
    for (const [lng, message] of [
      ['en', 'Organization is already blacklisted'],
      ['ru', 'Организация уже в чёрном списке'],
      ['uz-Latn', 'Tashkilot allaqachon qora roʻyxatda'],
      ['uz-Cyrl', 'Ташкилот аллақачон қора рўйхатда'],
    ]) {
      const again = await block(org.id, admin, 'другая причина', lng);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'ORGANIZATION_ALREADY_BLACKLISTED', message });
    }
    const history = (await t.app.inject({ method: 'GET', url: `/api/organizations/${org.id}/blacklist`, headers: as(admin) })).json();
    expect(history).toHaveLength(1);
  });

  it('lets exactly one of several simultaneous blockings through', async () => {
    const org = await createOrganization(t.app, admin, organizationBody(chilonzor));
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => block(org.id, admin, `причина ${i}`)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409]);
    expect(results.filter((r) => r.statusCode === 409).every((r) => r.json().code === 'ORGANIZATION_ALREADY_BLACKLISTED')).toBe(true);
  });

  it('keeps to the rights (403) and to the territories (404)', async () => {
    const org = await createOrganization(t.app, admin, organizationBody(chilonzor));
    expect((await block(org.id, courier)).statusCode).toBe(403);
    expect((await block(org.id, otherRep)).statusCode).toBe(404);
    expect((await block(999_999, admin)).statusCode).toBe(404);
    expect((await block(org.id, rep)).statusCode).toBe(200);
  });
});

describe('POST /api/organizations/:id/unblock', () => {
  it('unblocks (after the confirmation on screen), keeps the history, and refuses to unblock twice', async () => {
    const org = await createOrganization(t.app, admin, organizationBody(chilonzor));
    await block(org.id, admin, 'первая');
    const res = await unblock(org.id, chief);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ blocked: false, block: null });
    const twice = await unblock(org.id, chief, 'ru');
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'ORGANIZATION_NOT_BLACKLISTED', message: 'Организация не находится в чёрном списке.' });
    // blocked again after an unblock: a new entry
    expect((await block(org.id, rep, 'вторая')).statusCode).toBe(200);
    const history = (await t.app.inject({ method: 'GET', url: `/api/organizations/${org.id}/blacklist`, headers: as(admin) })).json();
    expect(history.map((h: { reason: string }) => h.reason)).toEqual(['вторая', 'первая']);
    expect(history[0]).toMatchObject({ unblockedAt: null, unblockedByName: null, blockedById: rep.id });
    expect(history[1]).toMatchObject({ unblockedAt: expect.any(String), unblockedByName: chief.fullName });
    expect((await unblock(org.id, courier)).statusCode).toBe(403);
  });
});

describe('a blocked organization is marked wherever it appears', () => {
  it('in lists (and the blocked filter), its doctors and the blocked organizations screen', async () => {
    const org = await createOrganization(t.app, admin, organizationBody(chilonzor, { name: 'Blocked Pharm Chilonzor' }));
    const open = await createOrganization(t.app, admin, organizationBody(chilonzor, { name: 'Open Pharm Chilonzor' }));
    const doctor = (
      await t.app.inject({
        method: 'POST',
        url: '/api/doctors',
        headers: as(admin),
        payload: { firstName: 'Bekzod', lastName: 'Ergashev', phone: nextPhone(), specialization: 'cardiologist', organizationId: org.id },
      })
    ).json();
    await block(org.id, admin, 'Просроченная лицензия');
    const blocked = (await t.app.inject({ method: 'GET', url: '/api/organizations?size=100&blocked=true', headers: as(admin) })).json();
    expect(blocked.items.map((o: { id: number }) => o.id)).toContain(org.id);
    expect(blocked.items.every((o: { blocked: boolean }) => o.blocked)).toBe(true);
    // the count runs the same conditions without the joins: it must agree
    expect(blocked.total).toBe(blocked.items.length);
    const notBlocked = (await t.app.inject({ method: 'GET', url: '/api/organizations?size=100&blocked=false', headers: as(admin) })).json();
    expect(notBlocked.items.map((o: { id: number }) => o.id)).toContain(open.id);
    expect(notBlocked.items.map((o: { id: number }) => o.id)).not.toContain(org.id);
    expect(notBlocked.total).toBe(notBlocked.items.length);
    expect((await t.app.inject({ method: 'GET', url: `/api/doctors/${doctor.id}`, headers: as(admin) })).json().organizationBlocked).toBe(true);

    const screen = await t.app.inject({ method: 'GET', url: '/api/organizations/blacklist?size=100', headers: as(admin) });
    expect(screen.statusCode).toBe(200);
    expect(screen.json().items.find((b: { organizationId: number }) => b.organizationId === org.id)).toMatchObject({
      name: 'Blocked Pharm Chilonzor',
      reason: 'Просроченная лицензия',
      blockedById: admin.id,
      blockedByName: admin.fullName,
      type: 'pharmacy',
    });
    const searched = (
      await t.app.inject({ method: 'GET', url: `/api/organizations/blacklist?q=${encodeURIComponent('blocked pharm')}`, headers: as(admin) })
    ).json();
    expect(searched.items.map((b: { organizationId: number }) => b.organizationId)).toEqual([org.id]);
    // the screen keeps to the territories
    const other = (await t.app.inject({ method: 'GET', url: '/api/organizations/blacklist?size=100', headers: as(otherRep) })).json();
    expect(other.items.map((b: { organizationId: number }) => b.organizationId)).not.toContain(org.id);
    expect((await t.app.inject({ method: 'GET', url: '/api/organizations/blacklist', headers: as(courier) })).statusCode).toBe(403);
  });
});

describe('assertOrganizationOpen: the guard orders and visits call', () => {
  it('returns the client terms of an open organization and refuses a blocked one with a clear message', async () => {
    const org = await createOrganization(
      t.app,
      admin,
      organizationBody(chilonzor, { name: 'Аптека Навруз', creditLimit: 1_000_000, creditDays: 14, defaultClientType: 'wholesale' }),
    );
    expect(await assertOrganizationOpen(t.db, org.id)).toMatchObject({
      id: org.id,
      name: 'Аптека Навруз',
      creditLimit: 1_000_000,
      creditDays: 14,
      defaultClientType: 'wholesale',
    });
    await block(org.id, admin, 'Долг');
    const error = await assertOrganizationOpen(t.db, org.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('ORGANIZATION_BLOCKED');
    expect((error as AppError).status).toBe(409);
    const params = (error as AppError).options.params;
    expect(translate('en', 'errors:ORGANIZATION_BLOCKED', params)).toBe(
      'The organization “Аптека Навруз” is blacklisted: new orders and visits are not accepted for it.',
    );
    expect(translate('ru', 'errors:ORGANIZATION_BLOCKED', params)).toBe(
      'Организация «Аптека Навруз» в чёрном списке: новые заказы и визиты для неё не принимаются.',
    );
    // inside a transaction, as orders and visits will call it
    const inTx = await t.db.transaction((tx) => assertOrganizationOpen(tx, org.id)).catch((e: AppError) => e.code);
    expect(inTx).toBe('ORGANIZATION_BLOCKED');
    await unblock(org.id, admin);
    expect((await assertOrganizationOpen(t.db, org.id)).id).toBe(org.id);
  });

  it('answers NOT_FOUND for an unknown organization or one outside the actor territories', async () => {
    const org = await createOrganization(t.app, admin, organizationBody(chilonzor));
    expect(((await assertOrganizationOpen(t.db, 999_999).catch((e) => e)) as AppError).code).toBe('NOT_FOUND');
    const actor = { id: otherRep.id, fullName: '', login: '', position: '', role: 'rep' as const, scope: 'own' as const, grants: [], tokenVersion: 0 };
    expect(((await assertOrganizationOpen(t.db, org.id, { actor }).catch((e) => e)) as AppError).code).toBe('NOT_FOUND');
    expect((await assertOrganizationOpen(t.db, org.id, { actor: { ...actor, id: rep.id } })).id).toBe(org.id);
  });
});
