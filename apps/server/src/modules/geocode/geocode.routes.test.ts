import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeUser, type TestContext } from '../../test/test-app.js';
import { assignTerritory, createOrganization, headers, organizationBody, place } from '../../test/counterparties.js';

/** A local stand-in for the external geocoder (tests never reach the network). */
let fake: http.Server;
let fakeUrl: string;
const requests: URL[] = [];
let mode: 'ok' | 'fail' | 'hang' = 'ok';

let t: TestContext; // geocoder pointed at the fake
let off: TestContext; // no geocoder configured
type U = Awaited<ReturnType<typeof makeUser>>;
let admin: U, rep: U, offAdmin: U, courier: U;

beforeAll(async () => {
  fake = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://fake');
    requests.push(url);
    if (mode === 'hang') return; // never answers
    if (mode === 'fail') return res.writeHead(503).end('busy');
    res.writeHead(200, { 'content-type': 'application/json' });
    if (url.pathname === '/reverse') return res.end(JSON.stringify({ display_name: "Bunyodkor ko'chasi 12, Chilonzor, Toshkent" }));
    return res.end(
      JSON.stringify([
        { display_name: "Amir Temur ko'chasi, Toshkent", lat: '41.3111', lon: '69.2797' },
        { display_name: 'broken', lat: 'x', lon: '1' },
      ]),
    );
  });
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
  fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  t = await createTestApp({
    GEOCODER_URL: `${fakeUrl}/search`,
    GEOCODER_REVERSE_URL: `${fakeUrl}/reverse`,
    GEOCODER_TIMEOUT_MS: '300',
    MAP_TILE_URL: 'https://tiles.example/{z}/{x}/{y}.png',
  });
  off = await createTestApp();
  admin = await makeUser(t.db, 'admin');
  rep = await makeUser(t.db, 'rep', { managerId: admin.id });
  courier = await makeUser(t.db, 'courier', { managerId: admin.id });
  offAdmin = await makeUser(off.db, 'admin');
  const chilonzor = await place(t.db, 'TK', 'Chilonzor');
  await assignTerritory(t.db, rep.id, await place(t.db, 'TK', 'Yunusobod'));
  await createOrganization(t.app, admin, organizationBody(chilonzor, { name: 'Аптека Temur', address: "Amir Temur ko'chasi 15", lat: 41.312, lng: 69.28 }));
  await createOrganization(t.app, admin, organizationBody(chilonzor, { name: 'Temur без точки', address: "Amir Temur ko'chasi 17" }));
  await createOrganization(off.app, offAdmin, organizationBody(await place(off.db, 'TK', 'Chilonzor'), { name: 'Dorixona Temur', lat: 41.3, lng: 69.2 }));
});
afterAll(async () => {
  await t.close();
  await off.close();
  fake.closeAllConnections();
  fake.close();
});

const get = (ctx: TestContext, user: { id: number }, url: string) => ctx.app.inject({ method: 'GET', url, headers: headers(ctx.app, user) });

describe('GET /api/geocode', () => {
  it("puts the product's own organizations first, then the geocoder's answers", async () => {
    mode = 'ok';
    const res = await get(t, admin, `/api/geocode?q=${encodeURIComponent('Темур')}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      external: 'ok',
      items: [
        expect.objectContaining({
          source: 'organization',
          label: "Аптека Temur — Amir Temur ko'chasi 15",
          lat: 41.312,
          lng: 69.28,
          organizationId: expect.any(Number),
        }),
        { source: 'geocoder', label: "Amir Temur ko'chasi, Toshkent", lat: 41.3111, lng: 69.2797, organizationId: null },
      ],
    });
    const sent = requests.at(-1)!;
    expect(sent.pathname).toBe('/search');
    expect(Object.fromEntries(sent.searchParams)).toMatchObject({ q: 'Темур', format: 'jsonv2', countrycodes: 'uz', 'accept-language': 'en' });
  });

  it('answers the own results alone, flagged, when the geocoder fails or is too slow', async () => {
    mode = 'fail';
    const failed = (await get(t, admin, '/api/geocode?q=Temur')).json();
    expect(failed.external).toBe('unavailable');
    expect(failed.items.map((i: { source: string }) => i.source)).toEqual(['organization']);
    mode = 'hang';
    const started = Date.now();
    const slow = (await get(t, admin, '/api/geocode?q=Temur')).json();
    expect(slow.external).toBe('unavailable');
    expect(Date.now() - started).toBeLessThan(2000);
    mode = 'ok';
  });

  it('works without a geocoder configured (disabled) and keeps to the territories', async () => {
    const res = (await get(off, offAdmin, '/api/geocode?q=Temur')).json();
    expect(res.external).toBe('disabled');
    expect(res.items.map((i: { label: string }) => i.label)).toEqual(["Dorixona Temur — Bunyodkor ko'chasi, 12"]);
    expect((await get(t, rep, '/api/geocode?q=Temur')).json().items.filter((i: { source: string }) => i.source === 'organization')).toEqual([]);
    expect((await get(t, admin, '/api/geocode?q=Tem')).statusCode).toBe(400);
    expect((await get(t, courier, '/api/geocode?q=Temur')).statusCode).toBe(403);
  });
});

describe('GET /api/geocode/reverse', () => {
  it('gives the address at a point and the own organization standing there', async () => {
    mode = 'ok';
    const res = (await get(t, admin, '/api/geocode/reverse?lat=41.3121&lng=69.2801')).json();
    expect(res).toMatchObject({ address: "Bunyodkor ko'chasi 12, Chilonzor, Toshkent", external: 'ok', organization: { name: 'Аптека Temur' } });
    expect(res.organization.distance).toBeLessThan(50);
    mode = 'fail';
    const failed = (await get(t, admin, '/api/geocode/reverse?lat=41.3121&lng=69.2801')).json();
    expect(failed).toMatchObject({ external: 'unavailable', address: "Amir Temur ko'chasi 15" });
    mode = 'ok';
    const nothing = (await get(off, offAdmin, '/api/geocode/reverse?lat=40.1&lng=65.3')).json();
    expect(nothing).toEqual({ address: null, organization: null, external: 'disabled' });
  });
});

describe('GET /api/geocode/config', () => {
  it('tells the map component its tiles and whether a geocoder exists', async () => {
    const res = (await get(t, courier, '/api/geocode/config')).json();
    expect(res).toMatchObject({
      tileUrl: 'https://tiles.example/{z}/{x}/{y}.png',
      geocoder: true,
      nearbyRadiusM: 200,
      attribution: '© OpenStreetMap contributors',
    });
    expect((await get(off, offAdmin, '/api/geocode/config')).json().geocoder).toBe(false);
  });
});
