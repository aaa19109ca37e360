import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, isEndpoint, type Endpoint, type EndpointGroup } from '@pharma/contracts';
import { createTestApp, type TestContext } from '../test/test-app.js';

/** Issue 14: the contracts' endpoint table is the server's routes, each with the access it declares. */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function all(group: EndpointGroup, name = ''): { name: string; e: Endpoint }[] {
  return Object.entries(group).flatMap(([key, item]) => (isEndpoint(item) ? [{ name: `${name}${key}`, e: item }] : all(item, `${name}${key}.`)));
}
const fastifyUrl = (path: string) => `/api${path}`;

describe('the endpoint table', () => {
  const table = all(endpoints);

  it('declares each method and path once', () => {
    const keys = table.map(({ e }) => `${e.method} ${e.path}`);
    expect(keys.length).toBeGreaterThan(0);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('is served: every endpoint is a route of the server, with the access it declares', () => {
    const served = new Map(t.app.routeAccess.map((r) => [`${r.method} ${r.url.replace(/\/$/, '')}`, r.access]));
    for (const { name, e } of table) expect(served.get(`${e.method} ${fastifyUrl(e.path)}`), name).toBe(e.access);
  });

  it('is every API route: none is registered outside it', () => {
    const declared = new Set(table.map(({ e }) => `${e.method} ${fastifyUrl(e.path)}`));
    const stray = t.app.routeAccess
      .map((r) => `${r.method} ${r.url.replace(/\/$/, '')}`)
      .filter((key) => key.startsWith(`${key.split(' ')[0]} /api/`) && !declared.has(key));
    expect([...new Set(stray)]).toEqual([]);
  });
});
