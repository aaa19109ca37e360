import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { createTestApp, type TestContext } from '../test/test-app.js';

/**
 * The built web app as the server serves it: a miniature of apps/web/dist with the .br and .gz
 * beside each text file (what the web build writes), so the pre-compressed paths are exercised.
 */
const indexHtml = '<!doctype html><html><head><script type="module" src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>';
const script = 'console.log("app");';
let dist: string;
let t: TestContext;

function writeWithCompressed(file: string, text: string) {
  writeFileSync(file, text);
  writeFileSync(`${file}.br`, brotliCompressSync(text));
  writeFileSync(`${file}.gz`, gzipSync(text));
}

/** The body as text, whatever Content-Encoding the server chose. */
function decoded(res: { rawPayload: Buffer; headers: Record<string, unknown> }): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString();
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString();
  return res.rawPayload.toString();
}

const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'pharma-web-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeWithCompressed(path.join(dist, 'index.html'), indexHtml);
  writeWithCompressed(path.join(dist, 'assets', 'index-abc.js'), script);
  writeFileSync(path.join(dist, 'favicon.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  writeWithCompressed(path.join(dist, 'sw.js'), script);
  writeWithCompressed(path.join(dist, 'manifest.ru.webmanifest'), '{}');
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the web app under / (issue 13 item 1)', () => {
  for (const [name, headers] of [
    ['gzip, deflate, br (every browser)', browser],
    ['gzip only', { 'accept-encoding': 'gzip' }],
    ['no Accept-Encoding', {}],
  ] as const) {
    it(`answers / with the app's index.html, ${name}`, async () => {
      const res = await t.app.inject({ method: 'GET', url: '/', headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(decoded(res)).toBe(indexHtml);
      // the index is never cached: a new build is picked up on the next load
      expect(res.headers['cache-control']).toBe('no-cache');
    });
  }

  it('answers the client-side routes with index.html, compressed or not', async () => {
    for (const url of ['/login', '/main', '/orders-item?id=5', '/settings/staff', '/index.html']) {
      for (const headers of [browser, {}]) {
        const res = await t.app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(200);
        expect(res.headers['content-type']).toMatch(/text\/html/);
        expect(decoded(res)).toBe(indexHtml);
      }
    }
  });

  it('sends the pre-compressed asset the browser accepts', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/assets/index-abc.js', headers: browser });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(decoded(br)).toBe(script);
    const gz = await t.app.inject({ method: 'GET', url: '/assets/index-abc.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decoded(gz)).toBe(script);
    const png = await t.app.inject({ method: 'GET', url: '/favicon.png', headers: browser });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-encoding']).toBeUndefined();
  });

  it('lets a browser keep the hashed build files for a year, and asks again for every file whose name stays (issue 16)', async () => {
    for (const headers of [browser, {}]) {
      const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc.js', headers });
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      for (const url of ['/sw.js', '/manifest.ru.webmanifest', '/favicon.png', '/', '/login']) {
        const res = await t.app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control'], url).toBe('no-cache');
      }
    }
  });

  it('keeps unknown API paths a JSON 404, compressed or not', async () => {
    for (const headers of [browser, {}]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/x', headers: { ...headers, 'accept-language': 'en' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('answers a missing build file with 404, not the app (a page of an older build gets no HTML for its script)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-old.js', headers: browser });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).not.toMatch(/text\/html/);
  });
});
