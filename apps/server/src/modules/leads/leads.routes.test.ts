import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { createTestApp, makeTwoTeams, type TestContext } from '../../test/test-app.js';
import { assignTerritory, createOrganization, headers, nextInn, organizationBody, place, type Place } from '../../test/counterparties.js';

let t: TestContext;
type U = Awaited<ReturnType<typeof makeTwoTeams>>['rep'];
let admin: U, chief: U, rep: U, rep2: U, rep3: U;
let chilonzor: Place;
let stages: { id: number; kind: string; name: { en: string } }[];
const stage = (en: string) => stages.find((s) => s.name.en === en)!.id;

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: { id: number }, payload?: unknown, lng = 'en') =>
  t.app.inject({ method, url, headers: headers(t.app, user, lng), ...(payload === undefined ? {} : { payload: payload as object }) });
const leadBody = (extra: Record<string, unknown> = {}) => ({
  name: 'Аптека Шифо Плюс',
  type: 'pharmacy',
  contactPerson: 'Азизова Нодира',
  phones: ['+998 90 111 22 33'],
  regionId: chilonzor.regionId,
  districtId: chilonzor.districtId,
  address: 'Qatortol ko‘chasi, 5',
  source: 'telegram',
  ...extra,
});
const addLead = async (user: { id: number }, extra: Record<string, unknown> = {}) => {
  const res = await inject('POST', '/api/leads', user, leadBody(extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; stageId: number; assignedTo: number; phones: string[] };
};
const move = (id: number, user: { id: number }, body: Record<string, unknown>) => inject('POST', `/api/leads/${id}/move`, user, body);

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, chief, rep, rep2, rep3 } = await makeTwoTeams(t.db));
  chilonzor = await place(t.db, 'TK', 'Chilonzor');
  for (const u of [rep, rep2, rep3]) await assignTerritory(t.db, u.id, chilonzor);
  stages = (await inject('GET', '/api/lead-stages', rep)).json().items;
});
afterAll(() => t.close());

describe('the pipeline', () => {
  it('starts with new → contacted → qualified → won / lost', () => {
    expect(stages.map((s) => [s.kind, s.name.en])).toEqual([
      ['open', 'New'],
      ['open', 'Contacted'],
      ['open', 'Qualified'],
      ['won', 'Won'],
      ['lost', 'Lost'],
    ]);
  });

  it('a new lead is in the first stage, assigned to its author, its phones normalised; each move is in its history', async () => {
    const lead = await addLead(rep, { phones: ['90 111-22-33', '998711234567'] });
    expect(lead).toMatchObject({ stageId: stage('New'), assignedTo: rep.id, phones: ['+998901112233', '+998711234567'] });
    expect((await move(lead.id, rep, { stageId: stage('Contacted') })).statusCode).toBe(200);
    const got = (await inject('GET', `/api/leads/${lead.id}`, rep)).json();
    expect(got.history.map((h: { fromStageId: number | null; toStageId: number }) => [h.fromStageId, h.toStageId])).toEqual([
      [stage('New'), stage('Contacted')],
      [null, stage('New')],
    ]);
  });

  it('lost needs a reason, named on its field; with one it is kept', async () => {
    const lead = await addLead(rep);
    const refused = await move(lead.id, rep, { stageId: stage('Lost') });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'LEAD_LOST_REASON_REQUIRED', fields: { lostReason: 'Give a reason' } });
    const ru = await t.app.inject({
      method: 'POST',
      url: `/api/leads/${lead.id}/move`,
      headers: headers(t.app, rep, 'ru'),
      payload: { stageId: stage('Lost') },
    });
    expect(ru.json().message).toBe('Укажите причину, по которой лид потерян.');
    const lost = await move(lead.id, rep, { stageId: stage('Lost'), lostReason: 'Работает с другим дистрибьютором' });
    expect(lost.json()).toMatchObject({ stageKind: 'lost', lostReason: 'Работает с другим дистрибьютором' });
    // back to an open stage: the reason goes
    expect((await move(lead.id, rep, { stageId: stage('Qualified') })).json()).toMatchObject({ stageKind: 'open', lostReason: null });
  });

  it('bad input names its field; an unknown stage is refused', async () => {
    const res = await inject('POST', '/api/leads', rep, leadBody({ name: '', phones: ['+7 900 123 45 67'], inn: '12', source: 'tv' }));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(['inn', 'name', 'phones.0', 'source']);
    const lead = await addLead(rep);
    expect((await move(lead.id, rep, { stageId: 999_999 })).json().fields).toEqual({ stageId: 'Choose one of the offered values' });
  });
});

describe('scope', () => {
  it('a rep sees only their own leads, a chief their team’s, and nobody assigns outside their team', async () => {
    const mine = await addLead(rep2, { name: 'Аптека Гулшан' });
    expect((await inject('GET', `/api/leads/${mine.id}`, rep)).statusCode).toBe(404);
    expect((await inject('GET', `/api/leads/${mine.id}`, chief)).statusCode).toBe(200);
    const list = (await inject('GET', '/api/leads?size=100', rep)).json();
    expect(list.items.every((l: { assignedTo: number }) => l.assignedTo === rep.id)).toBe(true);
    expect((await move(mine.id, rep, { stageId: stage('Contacted') })).statusCode).toBe(404);
    const refused = await inject('POST', '/api/leads', chief, leadBody({ assignedTo: rep3.id }));
    expect(refused.json().fields).toEqual({ assignedTo: 'You can assign leads only to yourself and people in your team' });
    expect((await inject('POST', '/api/leads', chief, leadBody({ assignedTo: rep2.id }))).statusCode).toBe(201);
    // the board counts only what the asker sees
    const board = (await inject('GET', '/api/leads/board', rep3)).json();
    expect(board.columns.reduce((n: number, c: { total: number }) => n + c.total, 0)).toBe(0);
  });
});

describe('duplicates', () => {
  it('warns of organizations and leads with the same inn or phone, or a similar name within 50 m', async () => {
    const inn = nextInn();
    const org = await createOrganization(t.app, admin, organizationBody(chilonzor, { phone: '+998935550011', lat: 41.28, lng: 69.2 }));
    const other = await addLead(admin, { name: 'Аптека Навбахор', inn, phones: [], lat: 41.3, lng: 69.25 });
    const res = await inject('POST', '/api/leads/check-duplicates', admin, {
      name: 'Аптека Навбахор',
      inn,
      phones: ['93 555 00 11'],
      lat: 41.30001,
      lng: 69.25001,
    });
    expect(res.statusCode).toBe(200);
    const found = res.json();
    expect(found.organizations).toEqual([expect.objectContaining({ id: org.id, reasons: ['phone'] })]);
    expect(found.leads).toEqual([expect.objectContaining({ id: other.id, reasons: ['inn', 'nameNearby'], visible: true })]);
    const excluded = await inject('POST', '/api/leads/check-duplicates', admin, { name: 'Аптека Навбахор', inn, excludeId: other.id });
    expect(excluded.json().leads).toEqual([]);
  });
});

describe('conversion', () => {
  it('only a won lead becomes an organization, through the organization rules, with its first visit planned', async () => {
    const lead = await addLead(rep, { name: 'Аптека Конверсия' });
    const body = { organization: organizationBody(chilonzor, { name: 'Аптека Конверсия' }), firstVisit: { representativeId: rep.id, date: '2026-12-03' } };
    expect((await inject('POST', `/api/leads/${lead.id}/convert`, rep, body)).json().code).toBe('LEAD_NOT_WON');
    await move(lead.id, rep, { stageId: stage('Won') });
    const invalid = await inject('POST', `/api/leads/${lead.id}/convert`, rep, { ...body, organization: { ...body.organization, inn: '' } });
    expect(invalid.json().fields).toHaveProperty(['organization.inn']);
    const res = await inject('POST', `/api/leads/${lead.id}/convert`, rep, body);
    expect(res.statusCode, res.body).toBe(201);
    const { organizationId, visitId } = res.json();
    expect((await inject('GET', `/api/organizations/${organizationId}`, rep)).json()).toMatchObject({ name: 'Аптека Конверсия', inn: body.organization.inn });
    expect((await inject('GET', `/api/visits/${visitId}`, rep)).json()).toMatchObject({
      organizationId,
      representativeId: rep.id,
      plannedStart: '2026-12-03T05:00:00Z',
    });
    expect((await inject('GET', `/api/leads/${lead.id}`, rep)).json()).toMatchObject({ organizationId, organizationName: 'Аптека Конверсия' });
    const again = await inject('POST', `/api/leads/${lead.id}/convert`, rep, { ...body, organization: organizationBody(chilonzor) });
    expect(again.json().code).toBe('LEAD_ALREADY_CONVERTED');
    expect((await move(lead.id, rep, { stageId: stage('New') })).json().code).toBe('LEAD_ALREADY_CONVERTED');
    expect((await inject('DELETE', `/api/leads/${lead.id}`, admin)).json().code).toBe('LEAD_ALREADY_CONVERTED');
  });

  it('a likely duplicate organization is refused until confirmed; a representative outside the scope is named', async () => {
    const existing = await createOrganization(t.app, admin, organizationBody(chilonzor));
    const lead = await addLead(rep);
    await move(lead.id, rep, { stageId: stage('Won') });
    const organization = organizationBody(chilonzor, { inn: existing.inn });
    const outside = await inject('POST', `/api/leads/${lead.id}/convert`, rep, { organization, firstVisit: { representativeId: rep3.id, date: '2026-12-03' } });
    expect(outside.json().fields).toEqual({ 'firstVisit.representativeId': 'Choose one of the offered values' });
    expect((await inject('POST', `/api/leads/${lead.id}/convert`, rep, { organization })).json().code).toBe('LIKELY_DUPLICATE');
    const confirmed = await inject('POST', `/api/leads/${lead.id}/convert`, rep, { organization: { ...organization, confirmDuplicate: true } });
    expect(confirmed.statusCode).toBe(201);
    expect(confirmed.json().visitId).toBeNull();
  });
});

describe('stages in Settings', () => {
  it('an administrator adds, renames, orders and removes open stages; won and lost stay; a used stage stays', async () => {
    const name = { ru: 'Презентация', en: 'Presentation', 'uz-Latn': 'Taqdimot', 'uz-Cyrl': 'Тақдимот' };
    expect((await inject('POST', '/api/lead-stages', rep, { name })).statusCode).toBe(403);
    const added = await inject('POST', '/api/lead-stages', admin, { name });
    expect(added.statusCode).toBe(201);
    const id = added.json().id as number;
    const open = [stage('New'), id, stage('Contacted'), stage('Qualified')];
    const ordered = (await inject('PUT', '/api/lead-stages/order', admin, { ids: open })).json().items;
    expect(ordered.map((s: { id: number }) => s.id)).toEqual([...open, stage('Won'), stage('Lost')]);
    expect((await inject('PUT', '/api/lead-stages/order', admin, { ids: [...open, stage('Won')] })).json().code).toBe('LEAD_STAGE_FIXED');
    expect((await inject('PUT', `/api/lead-stages/${id}`, admin, { name: { ...name, en: 'Demo' } })).json().name.en).toBe('Demo');
    expect((await inject('DELETE', `/api/lead-stages/${stage('Won')}`, admin)).json().code).toBe('LEAD_STAGE_FIXED');
    expect((await inject('DELETE', `/api/lead-stages/${stage('New')}`, admin)).json().code).toBe('IN_USE');
    expect((await inject('DELETE', `/api/lead-stages/${id}`, admin)).statusCode).toBe(204);
  });
});

describe('import and statistics', () => {
  const sheet = async (rows: (string | number)[][]) => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Leads');
    ws.addRow(['Name', 'Type', 'Contact', 'Phones', 'Region', 'District', 'Address', 'INN', 'Source', 'Notes']);
    for (const r of rows) ws.addRow(r);
    return Buffer.from(await wb.xlsx.writeBuffer()).toString('base64');
  };

  it('reports every bad row and saves nothing; a good file creates its leads', async () => {
    const before = (await inject('GET', '/api/leads?size=25', rep3)).json().total;
    const bad = await inject('POST', '/api/leads/import', rep3, {
      file: await sheet([
        ['Аптека Садаф', 'Аптека', 'Икромов', '90 123 45 67, 71 200 11 22', 'Toshkent shahri', 'Chilonzor', '', '', 'Instagram', ''],
        ['', 'аптека', '', '12345', 'Марс', '', '', '1', 'ТВ', ''],
      ]),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'IMPORT_ROWS_INVALID',
      fields: {
        'rows.3.name': expect.any(String),
        'rows.3.phones': expect.any(String),
        'rows.3.region': expect.any(String),
        'rows.3.inn': expect.any(String),
        'rows.3.source': expect.any(String),
      },
    });
    expect(Object.keys(bad.json().fields).some((k) => k.startsWith('rows.2.'))).toBe(false);
    expect((await inject('GET', '/api/leads?size=25', rep3)).json().total).toBe(before);
    const good = await inject('POST', '/api/leads/import', rep3, {
      file: await sheet([['Аптека Садаф', 'Аптека', 'Икромов', '90 123 45 67, 71 200 11 22', 'Toshkent shahri', 'Chilonzor', '', '', 'Instagram', '']]),
    });
    expect(good.statusCode, good.body).toBe(201);
    expect(good.json()).toEqual({ created: 1 });
    const [imported] = (await inject('GET', '/api/leads?q=Садаф', rep3)).json().items;
    expect(imported).toMatchObject({ source: 'instagram', phones: ['+998901234567', '+998712001122'], assignedTo: rep3.id });
  });

  it('a file of 600 leads is saved whole, past a statement batch, each lead in the first stage with its history and audit', async () => {
    const before = (await inject('GET', '/api/leads?size=25', rep3)).json().total;
    const rows = Array.from({ length: 600 }, (_, i) => [
      `Аптека Импорт ${i + 1}`,
      'Аптека',
      '',
      `90 ${3000000 + i}`,
      'Toshkent shahri',
      'Chilonzor',
      '',
      '',
      'Instagram',
      '',
    ]);
    const res = await inject('POST', '/api/leads/import', rep3, { file: await sheet(rows) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ created: 600 });
    expect((await inject('GET', '/api/leads?size=25', rep3)).json().total).toBe(before + 600);
    const [last] = (await inject('GET', '/api/leads?q=Импорт 600', rep3)).json().items;
    const lead = (await inject('GET', `/api/leads/${last.id}`, rep3)).json();
    expect(lead).toMatchObject({ name: 'Аптека Импорт 600', stageKind: 'open', assignedTo: rep3.id });
    expect(lead.history).toHaveLength(1);
    const [audit] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from audit_log where entity = 'lead' and entity_id = ${String(last.id)} and action = 'create'`,
    );
    expect(Number(audit!.n)).toBe(1);
  });

  it('counts conversion per source and time per stage', async () => {
    const won = await addLead(rep3, { source: 'exhibition' });
    const lost = await addLead(rep3, { source: 'exhibition' });
    await addLead(rep3, { source: 'exhibition' });
    await move(won.id, rep3, { stageId: stage('Won') });
    await move(lost.id, rep3, { stageId: stage('Lost'), lostReason: 'Закрылась' });
    const stats = (await inject('GET', '/api/leads/stats', rep3)).json();
    expect(stats.bySource.find((s: { source: string }) => s.source === 'exhibition')).toEqual({
      source: 'exhibition',
      total: 3,
      won: 1,
      lost: 1,
      conversionRate: 50,
    });
    const newStage = stats.byStage.find((s: { stageId: number }) => s.stageId === stage('New'));
    expect(newStage.entered).toBeGreaterThanOrEqual(4);
    expect(newStage.avgDays).toBeGreaterThanOrEqual(0);
  });
});
