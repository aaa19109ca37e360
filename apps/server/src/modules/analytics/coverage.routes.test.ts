import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { createTestApp, makeUser, type TestContext } from '../../test/test-app.js';
import { assignTerritory, createOrganization, headers, organizationBody, place } from '../../test/counterparties.js';
import { visits } from '../visits/visits.table.js';
import { orders } from '../orders/orders.table.js';

/*
 * The coverage map on a small hand-made company: the states and counts below are worked out by hand from
 * the rows this file inserts. October 2026 is the period.
 *
 *   Chilonzor (TK): Alfa (visited by rep1 and ordering from rep1), Beta (hospital, visited by rep1 only),
 *                   Gamma (no coordinates; ordered in September only, a visit planned but never made)
 *   Yunusobod (TK): Delta (ordering from rep2 only), Epsilon (rep2's order cancelled)
 *   Urgut (SA):     Zeta (visited by rep3)
 *   rep1 works Chilonzor, rep2 the whole Tashkent region (both under chief), rep3 Urgut (under admin).
 */

let t: TestContext;
type U = Awaited<ReturnType<typeof makeUser>>;
let admin: U, chief: U, rep1: U, rep2: U, rep3: U;
const org: Record<string, number> = {};

const get = (user: U, url: string, lng = 'en') => t.app.inject({ method: 'GET', url, headers: headers(t.app, user, lng) });
const october = 'from=2026-10-01&to=2026-10-31';

async function visit(rep: U, organizationId: number, startedAt: string, status: 'completed' | 'planned', at?: { lat: number; lng: number }) {
  const start = new Date(startedAt);
  await t.db.insert(visits).values({
    organizationId,
    representativeId: rep.id,
    status,
    plannedStart: start,
    plannedEnd: new Date(start.getTime() + 3_600_000),
    startedAt: status === 'completed' ? start : null,
    completedAt: status === 'completed' ? new Date(start.getTime() + 20 * 60_000) : null,
    startLat: at?.lat ?? null,
    startLng: at?.lng ?? null,
  });
}

async function order(agent: U, organizationId: number, date: string, status: 'new' | 'delivered' | 'cancelled') {
  await t.db.insert(orders).values({
    date,
    status,
    organizationId,
    agentId: agent.id,
    clientType: 'retail',
    paymentVariant: 'cash',
    vatBp: 1200,
    deliveryAddress: 'Test street 1',
    sumSale: 100_000,
  });
}

const counts = (visitedAndOrdering: number, visitedOnly: number, orderingOnly: number, notCovered: number) => ({
  visitedAndOrdering,
  visitedOnly,
  orderingOnly,
  notCovered,
});

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t.db, 'admin');
  chief = await makeUser(t.db, 'chief', { managerId: admin.id });
  rep1 = await makeUser(t.db, 'rep', { managerId: chief.id });
  rep2 = await makeUser(t.db, 'rep', { managerId: chief.id });
  rep3 = await makeUser(t.db, 'rep', { managerId: admin.id });
  const chilonzor = await place(t.db, 'TK', 'Chilonzor');
  const yunusobod = await place(t.db, 'TK', 'Yunusobod');
  const urgut = await place(t.db, 'SA', 'Urgut');
  await assignTerritory(t.db, rep1.id, chilonzor);
  await assignTerritory(t.db, rep2.id, { regionId: chilonzor.regionId });
  await assignTerritory(t.db, rep3.id, urgut);
  const make = async (name: string, at: typeof chilonzor, extra: Record<string, unknown> = {}) =>
    (org[name] = (await createOrganization(t.app, admin, organizationBody(at, { name, ...extra }))).id);
  await make('Alfa', chilonzor, { lat: 41.28, lng: 69.2 });
  await make('Beta', chilonzor, { lat: 41.29, lng: 69.21, type: 'hospital' });
  await make('Gamma', chilonzor, { phone: '+998901112233' });
  await make('Delta', yunusobod, { lat: 41.36, lng: 69.28 });
  await make('Epsilon', yunusobod, { lat: 41.37, lng: 69.29, phone: '+998904445566' });
  await make('Zeta', urgut, { lat: 39.4, lng: 67.24 });

  // rep1's 5 October: Beta started at 11:30, Alfa at 10:00 (inserted out of order), Gamma planned and never started
  await visit(rep1, org.Beta!, '2026-10-05T11:30:00+05:00', 'completed', { lat: 41.2901, lng: 69.2102 });
  await visit(rep1, org.Alfa!, '2026-10-05T10:00:00+05:00', 'completed', { lat: 41.2801, lng: 69.2001 });
  await visit(rep1, org.Gamma!, '2026-10-05T15:00:00+05:00', 'planned');
  // ten past midnight in Tashkent is the 6th, though still the 5th in UTC
  await visit(rep1, org.Alfa!, '2026-10-06T00:10:00+05:00', 'completed', { lat: 41.2802, lng: 69.2002 });
  await visit(rep3, org.Zeta!, '2026-10-09T10:00:00+05:00', 'completed', { lat: 39.4, lng: 67.24 });
  await order(rep1, org.Alfa!, '2026-10-06', 'delivered');
  await order(rep1, org.Gamma!, '2026-09-15', 'delivered');
  await order(rep2, org.Delta!, '2026-10-07', 'new');
  await order(rep2, org.Epsilon!, '2026-10-08', 'cancelled');
});
afterAll(() => t.close());

describe('GET /api/analytics/coverage', () => {
  it("gives an administrator every organization's state, the ones without coordinates counted apart", async () => {
    const res = await get(admin, `/api/analytics/coverage?${october}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.counts).toEqual(counts(1, 2, 1, 2));
    expect(body.withoutCoordinates).toEqual(counts(0, 0, 0, 1));
    const states = Object.fromEntries(body.points.map((p: { name: string; state: string }) => [p.name, p.state]));
    expect(states).toEqual({ Alfa: 'visitedAndOrdering', Beta: 'visitedOnly', Delta: 'orderingOnly', Epsilon: 'notCovered', Zeta: 'visitedOnly' });
    expect(body.points.find((p: { name: string }) => p.name === 'Alfa')).toMatchObject({ lat: 41.28, lng: 69.2, type: 'pharmacy' });
    expect(body.uncovered.map((o: { name: string; located: boolean; phone: string }) => [o.name, o.located, o.phone])).toEqual([
      ['Epsilon', true, '+998904445566'],
      ['Gamma', false, '+998901112233'],
    ]);
  });

  it("agrees with the statistics' coverage for the same period", async () => {
    const summary = (await get(admin, `/api/analytics/summary?${october}`)).json().figures;
    expect(summary).toMatchObject({ organizationsTotal: 6, organizationsCovered: 4 });
  });

  it("gives a chief their team's work on their team's territory, and a rep their own work on their own", async () => {
    // Tashkent region only; Zeta is rep3's, outside the chief's team
    const team = (await get(chief, `/api/analytics/coverage?${october}`)).json();
    expect(team.counts).toEqual(counts(1, 1, 1, 2));
    expect(team.points.map((p: { name: string }) => p.name)).toEqual(['Alfa', 'Beta', 'Delta', 'Epsilon']);
    const own1 = (await get(rep1, `/api/analytics/coverage?${october}`)).json();
    expect(own1.counts).toEqual(counts(1, 1, 0, 1));
    // rep2 covers the whole region but only Delta by their own work: rep1's visits and orders are not theirs
    const own2 = (await get(rep2, `/api/analytics/coverage?${october}`)).json();
    expect(own2.counts).toEqual(counts(0, 0, 1, 4));
    // a rep cannot widen their scope with a filter
    const other = (await get(rep1, `/api/analytics/coverage?${october}&representativeId=${rep3.id}`)).json();
    expect(other.counts).toEqual(counts(0, 0, 0, 0));
    expect(other.points).toEqual([]);
  });

  it('filters by representative, team and organization type', async () => {
    expect((await get(admin, `/api/analytics/coverage?${october}&representativeId=${rep1.id}`)).json().counts).toEqual(counts(1, 1, 0, 1));
    expect((await get(admin, `/api/analytics/coverage?${october}&teamId=${chief.id}`)).json().counts).toEqual(counts(1, 1, 1, 2));
    expect((await get(admin, `/api/analytics/coverage?${october}&organizationType=hospital`)).json().counts).toEqual(counts(0, 1, 0, 0));
    // September: only Gamma's order
    expect((await get(admin, '/api/analytics/coverage?from=2026-09-01&to=2026-09-30')).json().counts).toEqual(counts(0, 0, 1, 5));
  });

  it('exports the organizations not covered with the filters on top', async () => {
    const res = await get(admin, `/api/analytics/coverage/export?${october}&organizationType=pharmacy`);
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getCell('A1').value).toBe('Organizations not covered');
    expect(sheet.getCell('B2').value).toBe('2026-10-01 — 2026-10-31');
    expect(sheet.getCell('B3').value).toBe('Organization type: Pharmacy');
    expect((sheet.getRow(5).values as string[]).slice(1)).toEqual(['Organization', 'Type', 'District', 'Address', 'Phone']);
    const rows = [6, 7].map((n) => (sheet.getRow(n).values as string[]).slice(1));
    expect(rows.map((r) => [r[0], r[1], r[4]])).toEqual([
      ['Epsilon', 'Pharmacy', '+998904445566'],
      ['Gamma', 'Pharmacy', '+998901112233'],
    ]);
    expect(rows[0]![2]).toMatch(/Yunus/);
    expect(sheet.getRow(8).values).toEqual([]);
  });
});

describe('GET /api/analytics/track', () => {
  it("draws a rep's Tashkent day: the started visits at their start positions, in the order they were started", async () => {
    const res = await get(chief, `/api/analytics/track?representativeId=${rep1.id}&day=2026-10-05`);
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .stops.map((s: { organizationName: string; lat: number; startedAt: string; status: string }) => [s.organizationName, s.lat, s.startedAt, s.status]),
    ).toEqual([
      ['Alfa', 41.2801, '2026-10-05T05:00:00Z', 'completed'],
      ['Beta', 41.2901, '2026-10-05T06:30:00Z', 'completed'],
    ]);
    const next = (await get(chief, `/api/analytics/track?representativeId=${rep1.id}&day=2026-10-06`)).json();
    expect(next.stops.map((s: { organizationName: string }) => s.organizationName)).toEqual(['Alfa']);
  });

  it("answers not found for a rep outside the viewer's scope", async () => {
    expect((await get(rep1, `/api/analytics/track?representativeId=${rep2.id}&day=2026-10-05`)).statusCode).toBe(404);
    expect((await get(chief, `/api/analytics/track?representativeId=${rep3.id}&day=2026-10-09`)).statusCode).toBe(404);
    expect((await get(rep1, `/api/analytics/track?representativeId=${rep1.id}&day=2026-10-05`)).json().stops).toHaveLength(2);
  });
});
