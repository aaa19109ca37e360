import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { distanceMeters, searchText } from '@pharma/contracts';
import { queryRows } from '../db/client.js';
import { createTestApp, authFor, type TestContext } from '../test/test-app.js';
import { seedPlatformDemo } from './demo.js';
import { countCounterparties, seedCounterpartiesDemo } from './counterparties.js';
import { uzbekistan } from './uzbekistan.js';

let t: TestContext;
let seconds = 0;
beforeAll(async () => {
  t = await createTestApp();
  const started = Date.now();
  await seedPlatformDemo(t.db);
  await seedCounterpartiesDemo(t.db);
  seconds = (Date.now() - started) / 1000;
}, 120_000);
afterAll(() => t.close());

describe('counterparties demo data', () => {
  it('seeds fast: about 3,000 organizations, 5,000 doctors, brands and a few blacklisted', async () => {
    expect(seconds).toBeLessThan(45);
    const counts = await countCounterparties(t.db);
    expect(counts.organizations).toBe(3_000);
    expect(counts.doctors).toBeGreaterThan(4_900);
    expect(counts.brands).toBeGreaterThan(10);
    expect(counts.blacklisted).toBeGreaterThanOrEqual(5);
    const regions = await queryRows<{ n: number }>(t.db, sql`select count(distinct region_id)::int as n from organizations`);
    expect(regions[0]!.n).toBe(14);
  });

  it('puts every organization within a few km of its district centre, with valid inn, phone and search key', async () => {
    const rows = await queryRows<{ name: string; lat: number; lng: number; inn: string; phone: string; search_key: string; district: string; region: string }>(
      t.db,
      sql`select o.name, o.lat, o.lng, o.inn, o.phone, o.search_key, d.name->>'uz-Latn' as district, r.code as region
          from organizations o join districts d on d.id = o.district_id join regions r on r.id = o.region_id`,
    );
    const centres = new Map(uzbekistan.flatMap((r) => r.districts.map((d) => [`${r.code}/${d.uz}`, d.center] as const)));
    for (const o of rows) {
      const c = centres.get(`${o.region}/${o.district}`)!;
      expect(distanceMeters({ lat: c[0], lng: c[1] }, o)).toBeLessThan(4_100);
      expect(o.inn).toMatch(/^\d{9}$/);
      expect(o.phone).toMatch(/^\+998\d{9}$/);
      for (const word of searchText(o.name).trim().split(' ')) expect(o.search_key).toContain(` ${word} `);
    }
  });

  it('writes each person in one script: never a Cyrillic first name with a Latin surname (doctors, responsible persons, users)', async () => {
    const people = await queryRows<{ name: string }>(
      t.db,
      sql`select concat_ws(' ', last_name, first_name, middle_name) as name from doctors
          union all select responsible_person from organizations
          union all select full_name from users`,
    );
    expect(people.length).toBeGreaterThan(7_000);
    const mixed = people.map((p) => p.name).filter((name) => /\p{Script=Latin}/u.test(name) && /\p{Script=Cyrillic}/u.test(name));
    expect(mixed.slice(0, 10)).toEqual([]);
    // both scripts are there, each whole
    expect(people.some((p) => /^[\p{Script=Latin}ʻʼ' -]+$/u.test(p.name))).toBe(true);
    expect(people.some((p) => /^[\p{Script=Cyrillic} -]+$/u.test(p.name))).toBe(true);
  });

  it('gives the demo reps their territories: rep sees Tashkent only, rep.aziza Samarkand only', async () => {
    const [rep] = await queryRows<{ id: number }>(t.db, sql`select id from users where login = 'rep'`);
    const [aziza] = await queryRows<{ id: number }>(t.db, sql`select id from users where login = 'rep.aziza'`);
    const tashkent = (await t.app.inject({ method: 'GET', url: '/api/organizations?size=100', headers: authFor(t.app, rep!) })).json();
    expect(tashkent.total).toBeGreaterThan(300);
    expect(new Set(tashkent.items.map((o: { regionName: { en: string } }) => o.regionName.en))).toEqual(new Set(['Tashkent']));
    const samarkand = (await t.app.inject({ method: 'GET', url: '/api/organizations?size=100', headers: authFor(t.app, aziza!) })).json();
    expect(new Set(samarkand.items.map((o: { regionName: { en: string } }) => o.regionName.en))).toEqual(new Set(['Samarkand Region']));
    const favorites = (await t.app.inject({ method: 'GET', url: '/api/organizations?favorite=true', headers: authFor(t.app, rep!) })).json();
    expect(favorites.total).toBeGreaterThan(0);
  });
});
