/**
 * Counterparties benchmark over 100,000 organizations: nearby search (200 m,
 * earthdistance + GiST) and name search (search key + trigram GIN, either
 * script) through the API at 50 connections, beside the same queries called
 * through the service (the driver), the bounding-box alternative on a lat/lng
 * btree for comparison, and the /references list at depth (offset vs keyset).
 */
import { sql } from 'drizzle-orm';
import { searchText, movePoint, type LatLng } from '@pharma/contracts';
import { benchDatabase, startApp, load, timeCalls, printTable, benchDriver } from './_lib.js';
import { queryRows } from '../apps/server/src/db/client.js';
import { uzbekistan } from '../apps/server/src/seed/uzbekistan.js';
import { listOrganizations, nearbyOrganizations } from '../apps/server/src/modules/organizations/organizations.service.js';
import type { Actor } from '../apps/server/src/platform/auth.js';

const ORGS = Number(process.env.BENCH_ORGS ?? 100_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 8);

const database = await benchDatabase('organizations');
const { db } = database;
console.log(`driver: ${benchDriver}; creating ${ORGS} organizations…`);

await db.execute(sql`insert into users (full_name, login, password_hash, position, role, manager_id, phones)
  values ('Bench Admin', 'bench.admin', 'x', 'Administrator', 'admin', null, '{}'),
         ('Bench Rep', 'bench.rep', 'x', 'Medical representative', 'rep', 1, '{}')`);
// the rep works in Tashkent city
await db.execute(sql`insert into user_territories (user_id, region_id) select 2, id from regions where code = 'TK'`);

// every district with its centre
const districtRows = await queryRows<{ id: number; region_id: number; uz: string; code: string }>(
  db,
  sql`select d.id, d.region_id, d.name->>'uz-Latn' as uz, r.code from districts d join regions r on r.id = d.region_id order by d.id`,
);
const centre = new Map(uzbekistan.flatMap((r) => r.districts.map((d) => [`${r.code}/${d.uz}`, d.center] as const)));
const places = districtRows.map((d) => ({ ...d, center: centre.get(`${d.code}/${d.uz}`)! }));
const names = [
  'Аптека Шифо',
  'Dori-Darmon',
  'Oxymed',
  'Grand Pharm',
  'Dorixona',
  'Аптека Здоровье',
  'Nika Pharm',
  'Arzon Apteka',
  'Shifobaxsh',
  'Med Lux Pharm',
  'Семейная поликлиника',
  'Oilaviy poliklinika',
  'Городская клиническая больница',
  'Tuman tibbiyot birlashmasi',
  'Uzmedimpex',
  'Asklepiy Distribution',
];
const types = [
  'pharmacy',
  'pharmacy',
  'pharmacy',
  'pharmacy',
  'pharmacy',
  'pharmacy',
  'pharmacy',
  'pharmacy',
  'pharmacy',
  'pharmacy',
  'healthcare',
  'healthcare',
  'hospital',
  'hospital',
  'wholesaler',
  'wholesaler',
];
const streets = ["Amir Temur ko'chasi", 'ул. Бобура', "Mustaqillik ko'chasi", 'ул. Шота Руставели', "Navoiy ko'chasi", "Bunyodkor ko'chasi"];
const json = (v: unknown) => sql`${JSON.stringify(v)}::jsonb`;
/** searchText() without its outer spaces, to be joined with more words */
const words = (text: string) => searchText(text).trim();

const started = Date.now();
await db.execute(sql`
  with p as (select * from jsonb_to_recordset(${json(places.map((p) => ({ id: p.id, region_id: p.region_id, lat: p.center[0], lng: p.center[1] })))}) as x(id int, region_id int, lat float8, lng float8)),
  pn as (select row_number() over () - 1 as i, p.* from p)
  insert into organizations (name, type, region_id, district_id, address, lat, lng, phone, inn, responsible_person, delivery_region_id, delivery_district_id, delivery_address, search_key, name_key)
  select
    (${json(names)} ->> (g % ${names.length})) || ' №' || g,
    ${json(types)} ->> (g % ${types.length}),
    pn.region_id, pn.id,
    (${json(streets)} ->> (g % ${streets.length})) || ', ' || (g % 150 + 1),
    pn.lat + (random() - 0.5) * 0.06, pn.lng + (random() - 0.5) * 0.08,
    '+99890' || lpad(g::text, 7, '0'), lpad((200000000 + g)::text, 9, '0'), 'Responsible ' || g,
    pn.region_id, pn.id, (${json(streets)} ->> (g % ${streets.length})) || ', ' || (g % 150 + 1),
    -- searchText() of the name, inn, phone, address and responsible person, as organizationSearchKeys() writes it
    ' ' || (${json(names.map(words))} ->> (g % ${names.length})) || ' ' || g || ' ' || lpad((200000000 + g)::text, 9, '0') || ' 99890' || lpad(g::text, 7, '0')
      || ' ' || (${json(streets.map(words))} ->> (g % ${streets.length})) || ' ' || (g % 150 + 1) || ' responsible ',
    ' ' || (${json(names.map(words))} ->> (g % ${names.length})) || ' ' || g || ' '
  from generate_series(1, ${ORGS}) g
  join pn on pn.i = g % ${places.length}`);
// steady state: what autovacuum leaves behind (visibility map for index-only counts, statistics)
await db.execute(sql`vacuum analyze`);
console.log(`generated in ${((Date.now() - started) / 1000).toFixed(1)} s`);

// points to search around: 200 organizations' own points moved 0–150 m
const sample = await queryRows<{ lat: number; lng: number }>(db, sql`select lat, lng from organizations order by random() limit 200`);
const points: LatLng[] = sample.map((p, i) => movePoint(p, (i * 37) % 150, (i * 53) % 360));
// named terms, a broad one (a sixth of all), a number and a phone
const terms = ['Apteka Shifo', 'Дори-Дармон', 'Grand Pharm', 'Поликлиника', 'Oxymed', 'Amir Temur', 'Аптека', '№12345', '998900012345'];

const { app, baseUrl } = await startApp(database);
const adminHeaders = { authorization: `Bearer ${app.jwt.sign({ sub: '1' })}` };
const repHeaders = { authorization: `Bearer ${app.jwt.sign({ sub: '2' })}` };
const admin: Actor = { id: 1, fullName: 'Bench Admin', login: 'bench.admin', position: '', role: 'admin', scope: 'all', grants: [] };
const rep: Actor = { ...admin, id: 2, role: 'rep', scope: 'own' };

const nearbyPaths = points.map((p) => `/api/organizations/nearby?lat=${p.lat}&lng=${p.lng}`);
const searchPaths = terms.map((q) => `/api/organizations?q=${encodeURIComponent(q)}&size=25`);

// how many each finds, to read the figures against
const found = await Promise.all(points.slice(0, 50).map((p) => nearbyOrganizations(db, admin, { ...p })));
console.log(`nearby: ${(found.reduce((s, f) => s + f.items.length, 0) / found.length).toFixed(1)} organizations within 200 m on average`);
for (const q of terms) console.log(`search "${q}": ${(await listOrganizations(db, admin, { q, page: 1, size: 25 })).total} found`);
const searchPlan = await queryRows<{ 'QUERY PLAN': string }>(
  db,
  sql`explain select id from organizations where search_key like '% apteka%' and search_key like '% sxifo%'`,
);
console.log(
  'search plan:',
  searchPlan
    .map((r) => r['QUERY PLAN'].trim())
    .filter((l) => /Scan|Index/.test(l))
    .join(' | '),
);

// the bounding-box alternative needs a btree on (lat, lng); made here only, for the comparison
await db.execute(sql`create index bench_lat_lng_idx on organizations (lat, lng)`);
await db.execute(sql`analyze organizations`);
const bboxSql = (p: LatLng) => {
  const dLat = 200 / 111_320;
  const dLng = 200 / (111_320 * Math.cos((p.lat * Math.PI) / 180));
  return sql`select id, name, earth_distance(ll_to_earth(lat, lng), ll_to_earth(${p.lat}::float8, ${p.lng}::float8)) as d from organizations
    where lat between ${p.lat - dLat} and ${p.lat + dLat} and lng between ${p.lng - dLng} and ${p.lng + dLng}
    and earth_distance(ll_to_earth(lat, lng), ll_to_earth(${p.lat}::float8, ${p.lng}::float8)) <= 200 order by d limit 100`;
};
const gistSql = (
  p: LatLng,
) => sql`select id, name, earth_distance(ll_to_earth(lat, lng), ll_to_earth(${p.lat}::float8, ${p.lng}::float8)) as d from organizations
    where earth_box(ll_to_earth(${p.lat}::float8, ${p.lng}::float8), 200) @> ll_to_earth(lat, lng)
    and earth_distance(ll_to_earth(lat, lng), ll_to_earth(${p.lat}::float8, ${p.lng}::float8)) <= 200 order by d limit 100`;
const plans = await queryRows<{ 'QUERY PLAN': string }>(db, sql`explain ${gistSql(points[0]!)}`);
console.log(
  'nearby plan:',
  plans
    .map((r) => r['QUERY PLAN'].trim())
    .filter((l) => /Scan|Index/.test(l))
    .join(' | '),
);

const N = 2_000;
const nearbyRows = [
  await timeCalls('nearby: earth_box + GiST, bare SQL, 1 in flight', 500, 1, (i) => queryRows(db, gistSql(points[i % points.length]!))),
  await timeCalls('nearby: lat/lng btree box, bare SQL, 1 in flight', 500, 1, (i) => queryRows(db, bboxSql(points[i % points.length]!))),
  await timeCalls('nearby: earth_box + GiST, bare SQL', N, 50, (i) => queryRows(db, gistSql(points[i % points.length]!))),
  await timeCalls('nearby: lat/lng btree box, bare SQL', N, 50, (i) => queryRows(db, bboxSql(points[i % points.length]!))),
];
await db.execute(sql`drop index bench_lat_lng_idx`);
nearbyRows.push(
  await timeCalls('nearby: service call (full rows, scope), 1 in flight', 500, 1, (i) => nearbyOrganizations(db, admin, { ...points[i % points.length]! })),
  await timeCalls('nearby: service call (full rows, scope)', N, 50, (i) => nearbyOrganizations(db, admin, { ...points[i % points.length]! })),
  await load('GET /api/organizations/nearby (auth, rights, scope)', baseUrl, nearbyPaths, { seconds, headers: adminHeaders }),
);
printTable(`Nearby search (200 m) over ${ORGS} organizations, 50 in flight unless said (${benchDriver})`, nearbyRows);

const searchRows = [
  await timeCalls('name search: service call (list + count), 1 in flight', 400, 1, (i) =>
    listOrganizations(db, admin, { q: terms[i % terms.length], page: 1, size: 25 }),
  ),
  await timeCalls('name search: service call (list + count)', N, 50, (i) => listOrganizations(db, admin, { q: terms[i % terms.length], page: 1, size: 25 })),
  await timeCalls('name search as a rep (territory scope)', N, 50, (i) => listOrganizations(db, rep, { q: terms[i % terms.length], page: 1, size: 25 })),
  await load('GET /api/organizations?q= (auth, rights, scope)', baseUrl, searchPaths, { seconds, headers: adminHeaders }),
  await load('GET /api/organizations?q= as a rep', baseUrl, searchPaths, { seconds, headers: repHeaders }),
];
printTable(`Name search (either script) over ${ORGS} organizations, 50 in flight unless said (${benchDriver})`, searchRows);

// /references at depth: an offset page three quarters down against the keyset cursor that reaches the same rows
const depth = Math.floor((ORGS / 25) * 0.75);
const deep = await listOrganizations(db, admin, { page: depth, size: 25, sort: 'name' });
const before = await listOrganizations(db, admin, { page: depth - 1, size: 25, sort: 'name' });
const listRows = [
  await timeCalls('/references page 1 (list + count)', 1_000, 50, () => listOrganizations(db, admin, { page: 1, size: 25, sort: 'name' })),
  await timeCalls(`/references page ${depth} by offset`, 1_000, 50, () => listOrganizations(db, admin, { page: depth, size: 25, sort: 'name' })),
  await timeCalls(`/references the same rows by keyset cursor`, 1_000, 50, () =>
    listOrganizations(db, admin, { page: 1, size: 25, sort: 'name', after: before.nextCursor! }),
  ),
  await load('GET /api/organizations (infinite scroll, cursor)', baseUrl, [`/api/organizations?size=25&sort=name&after=${before.nextCursor}`], {
    seconds,
    headers: adminHeaders,
  }),
];
const viaCursor = await listOrganizations(db, admin, { page: 1, size: 25, sort: 'name', after: before.nextCursor! });
console.log(
  `cursor reaches the same rows as page ${depth}: ${JSON.stringify(viaCursor.items.map((o) => o.id)) === JSON.stringify(deep.items.map((o) => o.id))}`,
);
printTable(`/references over ${ORGS} organizations (${benchDriver})`, listRows);

await app.close();
await database.close();
