import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxKnowledgeAttachmentBytes } from '@pharma/contracts';
import { createTestApp, makeTwoTeams, makeUser, type TestContext } from '../../test/test-app.js';
import { headers } from '../../test/counterparties.js';
import { makeProducer, makeProduct } from '../../test/stock-fixtures.js';

let t: TestContext;
type U = Awaited<ReturnType<typeof makeTwoTeams>>['rep'];
let admin: U, chief: U, rep: U, courier: U;
let productId: number;
let categoryId: number;

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: { id: number }, payload?: unknown, lng = 'en') =>
  t.app.inject({ method, url, headers: headers(t.app, user, lng), ...(payload === undefined ? {} : { payload: payload as object }) });

const articleBody = (extra: Record<string, unknown> = {}) => ({
  categoryId,
  translations: {
    ru: { title: 'Парацетамол: монография', body: '<h2>Показания</h2><p>Жар и боль.</p>' },
    'uz-Latn': { title: 'Paratsetamol: monografiya', body: '<h2>Koʻrsatmalar</h2><p>Isitma va ogʻriq.</p>' },
  },
  productIds: [productId],
  ...extra,
});
const addArticle = async (user: { id: number }, extra: Record<string, unknown> = {}) => {
  const res = await inject('POST', '/api/knowledge/articles', user, articleBody(extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; version: number; translations: Record<string, { title: string; body: string }> };
};
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 1)]);

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, chief, rep } = await makeTwoTeams(t.db));
  courier = await makeUser(t.db, 'courier');
  const producer = await makeProducer(t.db, 'Nobel Pharmsanoat');
  productId = (await makeProduct(t.db, { producerId: producer.id, name: 'Парацетамол 500 мг №10' })).id;
  const res = await inject('POST', '/api/knowledge/categories', admin, { name: { ru: 'Монографии', en: 'Monographs' } });
  expect(res.statusCode, res.body).toBe(201);
  categoryId = res.json().id;
});
afterAll(() => t.close());

describe('rights per role', () => {
  it('a rep and a courier read; they cannot write, change or restore; a chief writes', async () => {
    const article = await addArticle(chief);
    for (const reader of [rep, courier]) {
      expect((await inject('GET', '/api/knowledge/articles', reader)).statusCode).toBe(200);
      expect((await inject('GET', `/api/knowledge/articles/${article.id}`, reader)).statusCode).toBe(200);
      expect((await inject('GET', '/api/knowledge/categories', reader)).statusCode).toBe(200);
    }
    expect((await inject('POST', '/api/knowledge/articles', rep, articleBody())).statusCode).toBe(403);
    expect((await inject('PUT', `/api/knowledge/articles/${article.id}`, rep, articleBody())).statusCode).toBe(403);
    expect((await inject('GET', `/api/knowledge/articles/${article.id}/versions`, rep)).statusCode).toBe(403);
    expect(
      (
        await inject('POST', `/api/knowledge/articles/${article.id}/attachments`, rep, {
          name: 'a.png',
          contentType: 'image/png',
          data: png.toString('base64'),
        })
      ).statusCode,
    ).toBe(403);
    expect((await inject('POST', '/api/knowledge/categories', rep, { name: { ru: 'X' } })).statusCode).toBe(403);
    // deleting is the administrator's
    expect((await inject('DELETE', `/api/knowledge/articles/${article.id}`, chief)).statusCode).toBe(403);
    expect((await inject('DELETE', `/api/knowledge/articles/${article.id}`, admin)).statusCode).toBe(204);
    expect((await inject('GET', `/api/knowledge/articles/${article.id}`, rep)).statusCode).toBe(404);
  });

  it('an article needs a language and an existing category', async () => {
    const none = await inject('POST', '/api/knowledge/articles', chief, articleBody({ translations: {} }));
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toHaveProperty('translations');
    const gone = await inject('POST', '/api/knowledge/articles', chief, articleBody({ categoryId: 999_999 }));
    expect(gone.statusCode).toBe(400);
    expect(gone.json().fields).toHaveProperty('categoryId');
  });
});

describe('versions', () => {
  it('each save is a version naming who and which languages changed; a restore brings an old one back as the newest', async () => {
    const article = await addArticle(chief);
    expect(article.version).toBe(1);
    const changed = await inject(
      'PUT',
      `/api/knowledge/articles/${article.id}`,
      admin,
      articleBody({
        baseVersion: 1,
        translations: { ...articleBody().translations, 'uz-Latn': { title: 'Paratsetamol', body: '<p>Yangi matn</p>' } },
      }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().version).toBe(2);
    const versions = (await inject('GET', `/api/knowledge/articles/${article.id}/versions`, chief)).json().items;
    expect(versions.map((v: { version: number; changedLanguages: string[]; userName: string }) => [v.version, v.changedLanguages, v.userName])).toEqual([
      [2, ['uz-Latn'], admin.fullName],
      [1, ['ru', 'uz-Latn'], chief.fullName],
    ]);
    const restored = await inject('POST', `/api/knowledge/articles/${article.id}/versions/${versions[1].id}/restore`, chief);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ version: 3, translations: article.translations });
    const after = (await inject('GET', `/api/knowledge/articles/${article.id}/versions`, chief)).json().items;
    expect(after[0]).toMatchObject({ version: 3, restoredFrom: 1, changedLanguages: ['uz-Latn'] });
  });

  it('a save over a newer version is refused; a version of another article is not found', async () => {
    const article = await addArticle(chief);
    const other = await addArticle(chief);
    expect((await inject('PUT', `/api/knowledge/articles/${article.id}`, chief, articleBody({ baseVersion: 1 }))).statusCode).toBe(200);
    const stale = await inject('PUT', `/api/knowledge/articles/${article.id}`, chief, articleBody({ baseVersion: 1 }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().fields).toHaveProperty('baseVersion');
    const otherVersions = (await inject('GET', `/api/knowledge/articles/${other.id}/versions`, chief)).json().items;
    expect((await inject('POST', `/api/knowledge/articles/${article.id}/versions/${otherVersions[0].id}/restore`, chief)).statusCode).toBe(404);
  });
});

describe('sanitized HTML', () => {
  it('keeps the editor’s headings, tables, images and links; drops scripts, event handlers and javascript: URLs', async () => {
    const body =
      '<h2>Dozalash</h2><script>alert(1)</script><table><tbody><tr><th>Yosh</th><td onclick="x()">500 mg</td></tr></tbody></table>' +
      '<img src="x" onerror="alert(1)"><img src="/api/knowledge/attachments/7" alt="sxema"><a href="javascript:alert(1)">bad</a>' +
      '<a href="https://example.com/a">good</a><p style="color:red" onmouseover="x()">Matn</p><iframe src="https://evil"></iframe>';
    const article = await addArticle(chief, { translations: { 'uz-Latn': { title: 'Test', body } } });
    const kept = article.translations['uz-Latn']!.body;
    expect(kept).not.toMatch(/script|onerror|onclick|onmouseover|javascript:|iframe|style=|src="x"/);
    expect(kept).toContain('<h2>Dozalash</h2>');
    expect(kept).toContain('<th>Yosh</th><td>500 mg</td>');
    expect(kept).toContain('<img src="/api/knowledge/attachments/7" alt="sxema" />');
    expect(kept).toContain('<a href="https://example.com/a" target="_blank" rel="noopener noreferrer nofollow">good</a>');
    expect(kept).toContain('<p>Matn</p>');
  });
});

describe('attachments', () => {
  it('a PNG is kept and read back; a file that is not its type and one too large are refused on their field, in the user’s language', async () => {
    const article = await addArticle(chief);
    const url = `/api/knowledge/articles/${article.id}/attachments`;
    const ok = await inject('POST', url, chief, { name: 'sxema.png', contentType: 'image/png', data: png.toString('base64') });
    expect(ok.statusCode, ok.body).toBe(201);
    const file = await inject('GET', `/api/knowledge/attachments/${ok.json().id}`, rep);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(png)).toBe(true);
    expect((await inject('GET', `/api/knowledge/articles/${article.id}`, rep)).json().attachments).toHaveLength(1);

    const script = Buffer.from('<script>alert(1)</script> renamed to .pdf').toString('base64');
    const wrongType = await inject('POST', url, chief, { name: 'leaflet.pdf', contentType: 'application/pdf', data: script }, 'ru');
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().fields).toEqual({ data: 'Файл должен быть изображением PNG, JPEG или WebP либо документом PDF' });
    const notAllowed = await inject('POST', url, chief, { name: 'x.gif', contentType: 'image/gif', data: png.toString('base64') });
    expect(notAllowed.statusCode).toBe(400);
    expect(notAllowed.json().fields).toHaveProperty('contentType');

    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(maxKnowledgeAttachmentBytes, 0x20)]).toString('base64');
    const tooLarge = await inject('POST', url, chief, { name: 'big.pdf', contentType: 'application/pdf', data: big }, 'uz-Latn');
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().fields).toEqual({ data: 'Fayl 10 MB dan oshmasligi kerak' });
    expect((await inject('GET', `/api/knowledge/articles/${article.id}`, rep)).json().attachments).toHaveLength(1);
  });
});

describe('search and product links', () => {
  it('finds an article by a word in the other Uzbek script, in Russian, and by its linked product', async () => {
    const article = await addArticle(chief, {
      translations: {
        'uz-Latn': { title: 'Yoʻtal siropi haqida', body: '<p>Balgʻam koʻchiruvchi vosita, kattalar uchun.</p>' },
        ru: { title: 'О сиропе от кашля', body: '<p>Отхаркивающее средство для взрослых.</p>' },
      },
    });
    const search = async (q: string) =>
      (await inject('GET', `/api/knowledge/articles?q=${encodeURIComponent(q)}`, rep)).json().items.map((a: { id: number }) => a.id);
    expect(await search('Йўтал')).toContain(article.id); // Cyrillic finds the Latin title
    expect(await search('балғам')).toContain(article.id); // and a word of the Latin text
    expect(await search('отхаркивающее')).toContain(article.id);
    expect(await search('несуществующее')).not.toContain(article.id);
    const byProduct = (await inject('GET', `/api/knowledge/articles?productId=${productId}`, rep)).json();
    expect(byProduct.items.map((a: { id: number }) => a.id)).toContain(article.id);
    expect((await inject('GET', `/api/knowledge/articles/${article.id}`, rep)).json().products).toEqual([{ id: productId, name: 'Парацетамол 500 мг №10' }]);
  });

  it('a category with articles stays; a category cannot move under itself', async () => {
    expect((await inject('DELETE', `/api/knowledge/categories/${categoryId}`, admin)).statusCode).toBe(409);
    const child = (await inject('POST', '/api/knowledge/categories', chief, { parentId: categoryId, name: { ru: 'Анальгетики' } })).json();
    expect(child.name.en).toBe('Анальгетики');
    const loop = await inject('PUT', `/api/knowledge/categories/${categoryId}`, chief, { parentId: child.id, name: { ru: 'Монографии' } });
    expect(loop.statusCode).toBe(400);
    expect(loop.json().fields).toHaveProperty('parentId');
    // a parent's list shows its subcategories' articles too
    await addArticle(chief, { categoryId: child.id });
    const inTree = (await inject('GET', `/api/knowledge/articles?categoryId=${categoryId}&size=100`, rep)).json();
    expect(inTree.items.some((a: { categoryId: number }) => a.categoryId === child.id)).toBe(true);
  });
});
