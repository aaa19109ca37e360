import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ean13 } from '@pharma/contracts';
import { createTestApp, makeUser, authFor, type TestContext } from '../../test/test-app.js';
import { makeBatch, makeCategory, makeProducer, makeWarehouse, inDays } from '../../test/stock-fixtures.js';

let t: TestContext;
let admin: Awaited<ReturnType<typeof makeUser>>, employee: typeof admin, rep: typeof admin, courier: typeof admin;
let nika: Awaited<ReturnType<typeof makeProducer>>, krka: typeof nika;
let analgesics: Awaited<ReturnType<typeof makeCategory>>, nsaids: typeof analgesics, antibiotics: typeof analgesics;
const as = (user: { id: number }, lng = 'en') => ({ ...authFor(t.app, user), 'accept-language': lng });

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t.db, 'admin');
  employee = await makeUser(t.db, 'employee');
  rep = await makeUser(t.db, 'rep');
  courier = await makeUser(t.db, 'courier');
  nika = await makeProducer(t.db, 'Nika Pharm', 'UZ');
  krka = await makeProducer(t.db, 'KRKA', 'SI');
  analgesics = await makeCategory(t.db, 'Анальгетики');
  nsaids = await makeCategory(t.db, 'НПВС', analgesics.id);
  antibiotics = await makeCategory(t.db, 'Антибиотики');
});
afterAll(() => t.close());

let n = 0;
const valid = () => ({
  name: `Парацетамол 500 мг №${10 + n++}`,
  producerId: nika.id,
  country: 'UZ',
  unit: 'package',
  price: 450_000,
  barcode: ean13(`47800000${String(1000 + n).padStart(4, '0')}`),
  categoryId: analgesics.id,
  subcategoryId: nsaids.id,
});
const create = async (body: Record<string, unknown>, user = employee, lng = 'en') =>
  t.app.inject({ method: 'POST', url: '/api/products', headers: as(user, lng), payload: body });

describe('POST /api/products', () => {
  it('creates a product with producer, country, unit, price, barcode, category and subcategory, and audits it', async () => {
    const body = valid();
    const res = await create(body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: body.name,
      producerName: 'Nika Pharm',
      country: 'UZ',
      unit: 'package',
      price: 450_000,
      barcode: body.barcode,
      categoryName: { ru: 'Анальгетики' },
      subcategoryName: { ru: 'НПВС' },
      medicationStatus: 'pending',
      active: true,
    });
    expect(res.json().searchKey).toBeUndefined();
    const audit = await t.app.inject({ method: 'GET', url: `/api/audit?entity=product&entityId=${res.json().id}`, headers: as(admin) });
    expect(audit.json().items[0]).toMatchObject({ action: 'create', actorId: employee.id });
  });

  const rules: [string, Record<string, unknown>, string, Record<string, string>][] = [
    ['name', { name: ' ' }, 'name', { en: 'Required field', ru: 'Обязательное поле', 'uz-Latn': 'Majburiy maydon', 'uz-Cyrl': 'Мажбурий майдон' }],
    ['producer', { producerId: undefined }, 'producerId', { en: 'Required field' }],
    ['unit', { unit: 'barrel' }, 'unit', { en: 'Choose one of the offered values' }],
    ['country', { country: 'XX' }, 'country', { ru: 'Выберите одно из предложенных значений' }],
    [
      'barcode',
      { barcode: '4780000000001' },
      'barcode',
      {
        en: 'Enter a valid barcode (EAN-13, EAN-8, UPC or GTIN-14) with its check digit',
        ru: 'Введите правильный штрихкод (EAN-13, EAN-8, UPC или GTIN-14) с контрольной цифрой',
      },
    ],
    ['price', { price: 12.5 }, 'price', { en: 'Invalid value' }],
    ['price sign', { price: -100 }, 'price', { en: 'Must be at least 0' }],
  ];
  for (const [name, change, field, messages] of rules) {
    it(`refuses a missing or bad ${name} with a localized field error`, async () => {
      for (const [lng, message] of Object.entries(messages)) {
        const res = await create({ ...valid(), ...change }, employee, lng);
        expect(res.statusCode).toBe(400);
        expect(res.json().fields[field]).toBe(message);
      }
    });
  }

  it('refuses an unknown producer and a subcategory of another category', async () => {
    const noProducer = await create({ ...valid(), producerId: 999_999 });
    expect(noProducer.statusCode).toBe(400);
    expect(noProducer.json().fields.producerId).toBe('Choose one of the offered values');
    const mismatch = await create({ ...valid(), categoryId: antibiotics.id, subcategoryId: nsaids.id }, employee, 'ru');
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().fields.subcategoryId).toBe('Подкатегория не относится к выбранной категории');
  });

  it('keeps the weight of a unit in grams for deliveries, within 1 g … 50 kg', async () => {
    const res = await create({ ...valid(), weightG: 180 });
    expect(res.statusCode).toBe(201);
    expect(res.json().weightG).toBe(180);
    expect((await create({ ...valid(), weightG: null })).json().weightG).toBeNull();
    for (const weightG of [0, 50_001, 1.5]) {
      const bad = await create({ ...valid(), weightG });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().fields)).toEqual(['weightG']);
    }
  });

  it('refuses a barcode that belongs to another product (409)', async () => {
    const body = valid();
    expect((await create(body)).statusCode).toBe(201);
    const again = await create({ ...valid(), barcode: body.barcode }, employee, 'ru');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'BARCODE_TAKEN', message: 'Этот штрихкод уже принадлежит другому товару.' });
    expect(again.json().fields.barcode).toBeDefined();
  });

  it('needs the right to edit stock', async () => {
    expect((await create(valid(), rep)).statusCode).toBe(403);
    expect((await create(valid(), courier)).statusCode).toBe(403);
  });
});

describe('catalog list, search and barcode lookup', () => {
  it('finds a product typed in either script and by producer, from 4 characters', async () => {
    const amox = (
      await create({ ...valid(), name: 'Амоксициллин 500 мг №16', producerId: krka.id, country: 'SI', categoryId: antibiotics.id, subcategoryId: null })
    ).json();
    for (const q of ['Amoxicillin', 'амокс', 'amoks', 'KRKA amox'.slice(0, 4)]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/products?q=${encodeURIComponent(q)}`, headers: as(rep) });
      expect(res.statusCode, q).toBe(200);
      expect(
        res.json().items.map((p: { id: number }) => p.id),
        q,
      ).toContain(amox.id);
    }
    const short = await t.app.inject({ method: 'GET', url: '/api/products?q=amo', headers: as(rep, 'uz-Latn') });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields.q).toBe('Qidirish uchun kamida 4 ta belgi kiriting');
  });

  it('filters by producer, category (or subcategory), country and medication status, and pages 25/50/100', async () => {
    const byProducer = (await t.app.inject({ method: 'GET', url: `/api/products?producerId=${krka.id}&size=100`, headers: as(rep) })).json();
    expect(byProducer.items.every((p: { producerName: string }) => p.producerName === 'KRKA')).toBe(true);
    const bySub = (await t.app.inject({ method: 'GET', url: `/api/products?categoryId=${nsaids.id}&size=100`, headers: as(rep) })).json();
    const byCat = (await t.app.inject({ method: 'GET', url: `/api/products?categoryId=${analgesics.id}&size=100`, headers: as(rep) })).json();
    expect(bySub.total).toBeGreaterThan(0);
    expect(byCat.total).toBe(bySub.total);
    const slovenian = (await t.app.inject({ method: 'GET', url: '/api/products?country=SI', headers: as(rep) })).json();
    expect(slovenian.items.every((p: { country: string }) => p.country === 'SI')).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/products?size=30', headers: as(rep) })).statusCode).toBe(400);
    const desc = (await t.app.inject({ method: 'GET', url: '/api/products?sort=-name&size=50', headers: as(rep) })).json();
    const asc = (await t.app.inject({ method: 'GET', url: '/api/products?sort=name&size=50', headers: as(rep) })).json();
    expect(desc.items.map((p: { id: number }) => p.id)).toEqual(asc.items.map((p: { id: number }) => p.id).reverse());
  });

  it('looks a product up by barcode, 404 when unknown', async () => {
    const body = valid();
    const created = (await create(body)).json();
    const found = await t.app.inject({ method: 'GET', url: `/api/products/by-barcode/${body.barcode}`, headers: as(rep) });
    expect(found.json().id).toBe(created.id);
    expect((await t.app.inject({ method: 'GET', url: '/api/products/by-barcode/4600702009279', headers: as(rep) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/products/999999', headers: as(rep) })).statusCode).toBe(404);
  });

  it('is closed to a role without the stock right', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/products', headers: as(courier) })).statusCode).toBe(403);
  });
});

describe('edit, delete, producers', () => {
  it('edits a product and re-indexes it when its producer is renamed', async () => {
    const producer = await makeProducer(t.db, 'Radiks');
    const created = (await create({ ...valid(), name: 'Нурофен 200 мг №12', producerId: producer.id })).json();
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${created.id}`,
      headers: as(employee),
      payload: { ...valid(), name: 'Нурофен 400 мг №12', producerId: producer.id, barcode: created.barcode },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().name).toBe('Нурофен 400 мг №12');
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/producers/${producer.id}`,
      headers: as(employee),
      payload: { name: 'Jurabek Laboratories', country: 'UZ' },
    });
    expect(renamed.json()).toMatchObject({ name: 'Jurabek Laboratories', productCount: 1 });
    const found = (await t.app.inject({ method: 'GET', url: `/api/products?q=${encodeURIComponent('Журабек')}`, headers: as(rep) })).json();
    expect(found.items.map((p: { id: number }) => p.id)).toEqual([created.id]);
    expect((await t.app.inject({ method: 'PUT', url: '/api/products/999999', headers: as(employee), payload: valid() })).statusCode).toBe(404);
  });

  it('deletes an unused product, refuses one with stock history (IN_USE)', async () => {
    const unused = (await create(valid())).json();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/products/${unused.id}`, headers: as(employee) })).statusCode).toBe(204);
    const used = (await create(valid())).json();
    const warehouse = await makeWarehouse(t.db);
    await makeBatch(t.db, { productId: used.id, warehouseId: warehouse.id, expiryDate: inDays(300), onHand: 5 });
    const res = await t.app.inject({ method: 'DELETE', url: `/api/products/${used.id}`, headers: as(employee, 'ru') });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'IN_USE', message: 'Нельзя удалить, пока запись используется.' });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/products/${used.id}`, headers: as(rep) })).statusCode).toBe(403);
  });

  it('lists producers with their product counts; a duplicate name is refused', async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/api/producers', headers: as(rep) })).json();
    expect(list.find((p: { id: number }) => p.id === krka.id)).toMatchObject({ name: 'KRKA', country: 'SI' });
    const created = await t.app.inject({ method: 'POST', url: '/api/producers', headers: as(employee), payload: { name: 'Gedeon Richter', country: 'HU' } });
    expect(created.statusCode).toBe(201);
    const dup = await t.app.inject({ method: 'POST', url: '/api/producers', headers: as(employee), payload: { name: 'Gedeon Richter', country: 'HU' } });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().fields.name).toBe('This value is repeated');
    const search = (await t.app.inject({ method: 'GET', url: `/api/producers?q=${encodeURIComponent('Гедеон')}`, headers: as(rep) })).json();
    expect(search.map((p: { name: string }) => p.name)).toEqual(['Gedeon Richter']);
  });
});

describe('categories', () => {
  it('keeps two levels and refuses deleting a category in use', async () => {
    const vitamins = await t.app.inject({
      method: 'POST',
      url: '/api/categories',
      headers: as(employee),
      payload: { name: { ru: 'Витамины', en: 'Vitamins', 'uz-Latn': 'Vitaminlar', 'uz-Cyrl': 'Витаминлар' } },
    });
    expect(vitamins.statusCode).toBe(201);
    const sub = await t.app.inject({
      method: 'POST',
      url: '/api/categories',
      headers: as(employee),
      payload: { parentId: vitamins.json().id, name: { ru: 'Витамин D', en: 'Vitamin D', 'uz-Latn': 'D vitamini', 'uz-Cyrl': 'D витамини' } },
    });
    expect(sub.json().parentId).toBe(vitamins.json().id);
    const deeper = await t.app.inject({
      method: 'POST',
      url: '/api/categories',
      headers: as(employee, 'ru'),
      payload: { parentId: sub.json().id, name: { ru: 'x', en: 'x', 'uz-Latn': 'x', 'uz-Cyrl': 'x' } },
    });
    expect(deeper.statusCode).toBe(400);
    expect(deeper.json().fields.parentId).toBe('У подкатегории не может быть своих подкатегорий');
    const missingName = await t.app.inject({ method: 'POST', url: '/api/categories', headers: as(employee), payload: { name: { ru: 'Только русский' } } });
    expect(missingName.statusCode).toBe(400);
    expect(missingName.json().fields['name.en']).toBe('Required field');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/categories/${analgesics.id}`, headers: as(employee) })).json().code).toBe('IN_USE');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/categories/${vitamins.json().id}`, headers: as(employee) })).json().code).toBe('IN_USE');
    const delSub = await t.app.inject({ method: 'DELETE', url: `/api/categories/${sub.json().id}`, headers: as(employee) });
    expect(delSub.statusCode, delSub.body).toBe(204);
    const list = (await t.app.inject({ method: 'GET', url: '/api/categories', headers: as(rep) })).json();
    expect(list.find((c: { id: number }) => c.id === nsaids.id)).toMatchObject({ parentId: analgesics.id });
    expect(list.find((c: { id: number }) => c.id === vitamins.json().id).productCount).toBe(0);
    expect(list.find((c: { id: number }) => c.id === analgesics.id).productCount).toBeGreaterThan(0);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/categories/999999',
          headers: as(employee),
          payload: { name: { ru: 'a', en: 'a', 'uz-Latn': 'a', 'uz-Cyrl': 'a' } },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('/status-drugs: medication status', () => {
  it('sets acquainted or denied (a denial needs a reason), counts per status, and records who and when', async () => {
    const p = (await create(valid())).json();
    const noReason = await t.app.inject({
      method: 'POST',
      url: `/api/products/${p.id}/medication-status`,
      headers: as(employee, 'ru'),
      payload: { status: 'denied' },
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields.note).toBe('Укажите причину');
    const before = (await t.app.inject({ method: 'GET', url: '/api/products/medication-status-counts', headers: as(rep) })).json();
    const ok = await t.app.inject({ method: 'POST', url: `/api/products/${p.id}/medication-status`, headers: as(employee), payload: { status: 'acquainted' } });
    expect(ok.json()).toMatchObject({ medicationStatus: 'acquainted', medicationStatusByName: employee.fullName });
    expect(ok.json().medicationStatusAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const after = (await t.app.inject({ method: 'GET', url: '/api/products/medication-status-counts', headers: as(rep) })).json();
    expect(after.acquainted).toBe(before.acquainted + 1);
    expect(after.pending).toBe(before.pending - 1);
    const listed = (await t.app.inject({ method: 'GET', url: '/api/products?medicationStatus=acquainted&size=100', headers: as(rep) })).json();
    expect(listed.items.map((x: { id: number }) => x.id)).toContain(p.id);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/products/${p.id}/medication-status`, headers: as(rep), payload: { status: 'acquainted' } })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/products/999999/medication-status', headers: as(employee), payload: { status: 'acquainted' } }))
        .statusCode,
    ).toBe(404);
  });
});

describe('warehouses', () => {
  it('creates, lists for everyone signed in, refuses duplicates and unknown regions', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/warehouses',
      headers: as(employee),
      payload: { name: 'Склад Ташкент-1', address: 'Ташкент, Сергелийский район' },
    });
    expect(res.statusCode).toBe(201);
    const dup = await t.app.inject({ method: 'POST', url: '/api/warehouses', headers: as(employee), payload: { name: 'Склад Ташкент-1' } });
    expect(dup.json().fields.name).toBe('This value is repeated');
    const region = await t.app.inject({ method: 'POST', url: '/api/warehouses', headers: as(employee), payload: { name: 'Склад X', regionId: 999_999 } });
    expect(region.json().fields.regionId).toBe('Choose one of the offered values');
    expect((await t.app.inject({ method: 'GET', url: '/api/warehouses', headers: as(courier) })).json().map((w: { name: string }) => w.name)).toContain(
      'Склад Ташкент-1',
    );
    expect((await t.app.inject({ method: 'POST', url: '/api/warehouses', headers: as(rep), payload: { name: 'Y' } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/warehouses/999999', headers: as(rep) })).statusCode).toBe(404);
    const off = await t.app.inject({
      method: 'PUT',
      url: `/api/warehouses/${res.json().id}`,
      headers: as(employee),
      payload: { name: 'Склад Ташкент-1', active: false },
    });
    expect(off.json().active).toBe(false);
  });

  it('keeps the departure point of deliveries: latitude and longitude together, inside Uzbekistan', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/warehouses',
      headers: as(employee),
      payload: { name: 'Склад Сергели', lat: 41.2271, lng: 69.2171 },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ lat: 41.2271, lng: 69.2171 });
    const half = await t.app.inject({ method: 'POST', url: '/api/warehouses', headers: as(employee), payload: { name: 'Склад Z', lat: 41.2271 } });
    expect(half.statusCode).toBe(400);
    expect(Object.keys(half.json().fields)).toEqual(['lng']);
    const abroad = await t.app.inject({ method: 'POST', url: '/api/warehouses', headers: as(employee), payload: { name: 'Склад Z', lat: 55.75, lng: 37.61 } });
    expect(abroad.statusCode).toBe(400);
    expect(abroad.json().fields.lat).toBeTruthy();
  });
});
