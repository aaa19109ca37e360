import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeUser, authFor, testPassword, type TestContext } from '../../test/test-app.js';

let t: TestContext;
let admin: Awaited<ReturnType<typeof makeUser>>;
let boss: typeof admin, chiefA: typeof admin, chiefB: typeof admin, repA1: typeof admin, repA2: typeof admin, repB1: typeof admin, subRep: typeof admin;
const as = (user: { id: number }, lng = 'en') => ({ ...authFor(t.app, user), 'accept-language': lng });

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t.db, 'admin');
  boss = await makeUser(t.db, 'boss');
  chiefA = await makeUser(t.db, 'chief', { managerId: boss.id });
  chiefB = await makeUser(t.db, 'chief', { managerId: boss.id });
  repA1 = await makeUser(t.db, 'rep', { managerId: chiefA.id });
  repA2 = await makeUser(t.db, 'rep', { managerId: chiefA.id });
  repB1 = await makeUser(t.db, 'rep', { managerId: chiefB.id });
  // two levels below chief A
  subRep = await makeUser(t.db, 'rep', { managerId: repA1.id });
});
afterAll(() => t.close());

const valid = () => ({
  fullName: 'Ismoilova Malika',
  login: `malika${Math.floor(Math.random() * 1e6)}`,
  password: 'password1',
  position: 'Medical representative',
  role: 'rep',
  managerId: chiefA.id,
  phones: ['+998 90 111 22 33'],
  birthDate: '1994-03-08',
});

describe('POST /api/users', () => {
  it('creates a user whose password signs in, and audits it', async () => {
    const body = valid();
    const res = await t.app.inject({ method: 'POST', url: '/api/users', headers: as(admin), payload: body });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      fullName: body.fullName,
      login: body.login,
      role: 'rep',
      managerId: chiefA.id,
      managerName: chiefA.fullName,
      active: true,
      phones: ['+998901112233'],
    });
    expect(created.passwordHash).toBeUndefined();
    expect(created.password).toBeUndefined();
    const signIn = await t.app.inject({ method: 'POST', url: '/api/account/authorize', payload: { login: body.login, password: 'password1' } });
    expect(signIn.statusCode).toBe(200);
    const audit = await t.app.inject({ method: 'GET', url: `/api/audit?entity=user&entityId=${created.id}`, headers: as(admin) });
    expect(audit.json().items[0]).toMatchObject({ action: 'create', actorId: admin.id });
    expect(JSON.stringify(audit.json().items[0].changes)).not.toMatch(/argon2|passwordHash/);
  });

  const rules: [string, Record<string, unknown>, string, Record<string, string>][] = [
    ['full name', { fullName: '  ' }, 'fullName', { en: 'Required field', ru: 'Обязательное поле' }],
    ['login', { login: undefined }, 'login', { en: 'Required field', 'uz-Latn': 'Majburiy maydon' }],
    ['login format', { login: 'Мой логин' }, 'login', { en: '3 to 32 characters: Latin letters, digits, dot, dash or underscore' }],
    ['password', { password: undefined }, 'password', { en: 'Required field' }],
    [
      'password ≥ 8',
      { password: 'short' },
      'password',
      {
        en: 'The password must be at least 8 characters',
        ru: 'Пароль должен содержать не менее 8 символов',
        'uz-Cyrl': 'Парол камида 8 та белгидан иборат бўлиши керак',
      },
    ],
    ['position', { position: '' }, 'position', { en: 'Required field' }],
    ['role', { role: undefined }, 'role', { en: 'Required field' }],
    ['role value', { role: 'pilot' }, 'role', { en: 'Choose one of the offered values' }],
    ['manager user', { managerId: null }, 'managerId', { en: 'Choose the manager user', ru: 'Выберите руководителя' }],
    ['phone', { phones: ['+7 999 123 45 67'] }, 'phones.0', { en: 'Enter a valid phone number: +998 and 9 digits' }],
    ['birth date', { birthDate: '08.03.1994' }, 'birthDate', { en: 'Enter a date as yyyy-MM-dd' }],
  ];
  for (const [name, change, field, messages] of rules) {
    it(`refuses a missing or bad ${name} with a localized field error`, async () => {
      for (const [lng, message] of Object.entries(messages)) {
        const res = await t.app.inject({ method: 'POST', url: '/api/users', headers: as(admin, lng), payload: { ...valid(), ...change } });
        expect(res.statusCode).toBe(400);
        expect(res.json().fields[field]).toBe(message);
      }
    });
  }

  it('says "Please fill in all required fields." when required fields are missing', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/users', headers: as(admin), payload: {} });
    expect(res.json()).toMatchObject({ code: 'REQUIRED_FIELDS_MISSING', message: 'Please fill in all required fields.' });
    const bad = await t.app.inject({ method: 'POST', url: '/api/users', headers: as(admin), payload: { ...valid(), password: 'short' } });
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Validation failed. Please fill all required fields' });
  });

  it('lets admin and boss roles go without a manager', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/users', headers: as(admin), payload: { ...valid(), role: 'boss', managerId: null } });
    expect(res.statusCode).toBe(201);
  });

  it('refuses a taken login, whatever its case (409 on the login field)', async () => {
    const body = valid();
    expect((await t.app.inject({ method: 'POST', url: '/api/users', headers: as(admin), payload: body })).statusCode).toBe(201);
    const again = await t.app.inject({ method: 'POST', url: '/api/users', headers: as(admin, 'ru'), payload: { ...valid(), login: body.login.toUpperCase() } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'LOGIN_TAKEN', message: 'Этот логин уже занят.' });
    expect(again.json().fields.login).toBeDefined();
  });

  it('refuses a manager that does not exist', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/users', headers: as(admin), payload: { ...valid(), managerId: 987654 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.managerId).toBe('Choose one of the offered values');
  });
});

describe('PUT /api/users/:id', () => {
  it('edits a user, keeps the password unless a new one is given', async () => {
    const created = (await t.app.inject({ method: 'POST', url: '/api/users', headers: as(admin), payload: valid() })).json();
    const { password: _p, ...rest } = valid();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${created.id}`,
      headers: as(admin),
      payload: { ...rest, login: created.login, position: 'Senior representative', password: '' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().position).toBe('Senior representative');
    expect((await t.app.inject({ method: 'POST', url: '/api/account/authorize', payload: { login: created.login, password: 'password1' } })).statusCode).toBe(
      200,
    );
  });

  it('refuses a manager hierarchy cycle', async () => {
    const { password: _p, ...rest } = valid();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${chiefA.id}`,
      headers: as(admin),
      payload: { ...rest, login: chiefA.login, role: 'chief', managerId: subRep.id },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('MANAGER_CYCLE');
  });

  it('answers 404 for a user that does not exist', async () => {
    const { password: _p, ...rest } = valid();
    const res = await t.app.inject({ method: 'PUT', url: '/api/users/999999', headers: as(admin), payload: rest });
    expect(res.statusCode).toBe(404);
  });
});

describe('deactivation', () => {
  it('deactivates and activates; the user is refused meanwhile, and their earlier tokens after (decision 032)', async () => {
    const user = await makeUser(t.db, 'operator', { managerId: boss.id });
    const off = await t.app.inject({ method: 'POST', url: `/api/users/${user.id}/deactivate`, headers: as(admin) });
    expect(off.statusCode).toBe(200);
    expect(off.json().active).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/api/account/me', headers: as(user) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/account/authorize', payload: { login: user.login, password: testPassword } })).statusCode).toBe(
      401,
    );
    expect((await t.app.inject({ method: 'POST', url: `/api/users/${user.id}/activate`, headers: as(admin) })).json().active).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/account/me', headers: as(user) })).statusCode).toBe(401);
    const again = await t.app.inject({ method: 'POST', url: '/api/account/authorize', payload: { login: user.login, password: testPassword } });
    expect(again.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/account/me', headers: { authorization: `Bearer ${again.json().access_token as string}` } })).statusCode,
    ).toBe(200);
  });

  it('does not let administrators deactivate themselves', async () => {
    expect((await t.app.inject({ method: 'POST', url: `/api/users/${admin.id}/deactivate`, headers: as(admin) })).statusCode).toBe(403);
  });
});

describe('list, search, paging', () => {
  it('pages 25/50/100, sorts, filters and searches from 4 characters', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/users?size=25&page=1&sort=-fullName', headers: as(admin) });
    expect(page.statusCode).toBe(200);
    const asc = (await t.app.inject({ method: 'GET', url: '/api/users?size=100&sort=fullName', headers: as(admin) })).json();
    const desc = (await t.app.inject({ method: 'GET', url: '/api/users?size=100&sort=-fullName', headers: as(admin) })).json();
    const idsOf = (p: { items: { id: number }[] }) => p.items.map((u) => u.id);
    expect(idsOf(desc)).toEqual(idsOf(asc).reverse());
    expect(idsOf(page.json())).toEqual(idsOf(desc).slice(0, 25));
    expect(page.json()).toMatchObject({ page: 1, size: 25 });
    expect((await t.app.inject({ method: 'GET', url: '/api/users?size=20', headers: as(admin) })).statusCode).toBe(400);
    const short = await t.app.inject({ method: 'GET', url: '/api/users?q=abc', headers: as(admin, 'ru') });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields.q).toBe('Для поиска введите не менее 4 символов');
    const found = await t.app.inject({ method: 'GET', url: `/api/users?q=${encodeURIComponent(repB1.fullName.slice(0, 8))}`, headers: as(admin) });
    expect(found.json().items.map((u: { id: number }) => u.id)).toContain(repB1.id);
    const chiefs = await t.app.inject({ method: 'GET', url: '/api/users?role=chief&size=100', headers: as(admin) });
    expect(chiefs.json().items.every((u: { role: string }) => u.role === 'chief')).toBe(true);
    expect(chiefs.json().total).toBe(2);
  });

  it('orders pages without overlap', async () => {
    for (let i = 0; i < 30; i++) await makeUser(t.db, 'courier', { fullName: 'Same Name', managerId: boss.id });
    const first = (await t.app.inject({ method: 'GET', url: '/api/users?size=25&page=1&sort=fullName', headers: as(admin) })).json();
    const second = (await t.app.inject({ method: 'GET', url: '/api/users?size=25&page=2&sort=fullName', headers: as(admin) })).json();
    const ids = [...first.items, ...second.items].map((u: { id: number }) => u.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(first.total).toBe(second.total);
  });
});

describe('data scope', () => {
  it('shows a chief their subordinates at any depth, not another team', async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/api/users?size=100', headers: as(chiefA) })).json();
    const ids = list.items.map((u: { id: number }) => u.id);
    for (const u of [chiefA, repA1, repA2, subRep]) expect(ids).toContain(u.id);
    for (const u of [boss, chiefB, repB1, admin]) expect(ids).not.toContain(u.id);
    expect(list.items.every((u: { managerId: number | null; id: number }) => u.id === chiefA.id || ids.includes(u.managerId))).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${subRep.id}`, headers: as(chiefA) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${repB1.id}`, headers: as(chiefA) })).statusCode).toBe(404);
  });

  it('shows a boss the whole tree under them', async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/api/users?size=100', headers: as(boss) })).json();
    const ids = list.items.map((u: { id: number }) => u.id);
    for (const u of [chiefA, chiefB, repA1, repA2, repB1, subRep]) expect(ids).toContain(u.id);
    expect(ids).not.toContain(admin.id);
  });

  it('refuses a rep any other user record (403 without the right)', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${repA2.id}`, headers: as(repA1) })).statusCode).toBe(403);
  });

  it('keeps a rep to their own record even with the right to view staff', async () => {
    await t.app.inject({ method: 'PUT', url: '/api/roles/rep', headers: as(admin), payload: { scope: 'own', grants: ['users.view', 'visits.view'] } });
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${repA1.id}`, headers: as(repA1) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${repA2.id}`, headers: as(repA1) })).statusCode).toBe(404);
    const list = (await t.app.inject({ method: 'GET', url: '/api/users', headers: as(repA1) })).json();
    expect(list.items.map((u: { id: number }) => u.id)).toEqual([repA1.id]);
    const options = (await t.app.inject({ method: 'GET', url: '/api/users/options', headers: as(repA1) })).json();
    expect(options.map((u: { id: number }) => u.id)).toEqual([repA1.id]);
  });

  it('does not let a chief give their user a manager outside their team', async () => {
    await t.app.inject({ method: 'PUT', url: '/api/roles/chief', headers: as(admin), payload: { scope: 'team', grants: ['users.view', 'users.edit'] } });
    const res = await t.app.inject({ method: 'POST', url: '/api/users', headers: as(chiefA), payload: { ...valid(), managerId: chiefB.id } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.managerId).toBeDefined();
  });
});
