import { sql } from 'drizzle-orm';
import { movePoint, type DoctorSpecialization, type OrganizationSize, type OrganizationType, type PaymentVariant } from '@pharma/contracts';
import type { Db } from '../db/client.js';
import { seededRandom } from './random.js';
import { users } from '../modules/users/users.table.js';
import { regions, districts } from '../modules/regions/regions.table.js';
import { userTerritories } from '../modules/territories/territories.table.js';
import { brands } from '../modules/brands/brands.table.js';
import { organizations, favoriteOrganizations } from '../modules/organizations/organizations.table.js';
import { organizationBlacklist } from '../modules/organizations/blacklist.table.js';
import { doctors, favoriteDoctors } from '../modules/doctors/doctors.table.js';
import { brandSearchKey } from '../modules/brands/brands.service.js';
import { organizationSearchKeys } from '../modules/organizations/organization-writes.service.js';
import { doctorSearchKeys } from '../modules/doctors/doctors.service.js';
import { uzbekistan } from './uzbekistan.js';

/** Demo sizes (the benchmark makes its own 100,000). */
export const demoOrganizationCount = 3_000;
export const demoDoctorCount = 5_000;

function random(seed: number) {
  const r = seededRandom(seed);
  const digits = (n: number) => Array.from({ length: n }, () => r.int(0, 9)).join('');
  return { ...r, digits };
}

const pharmacyNames = [
  'Аптека «Шифо»',
  'Dori-Darmon',
  'Oxymed',
  'Grand Pharm',
  'Dorixona',
  'Аптека «Здоровье»',
  'Nika Pharm',
  'Arzon Apteka',
  'Shifobaxsh',
  'Sogʻlom hayot dorixonasi',
  'Med Lux Pharm',
  'Apteka Plus',
  'Аптека «Гиппократ»',
  'Ibn Sino dorixonasi',
  'Farovon dorixona',
  'Аптека «Дори-Дармон»',
  'Tabib Pharm',
  'Аптека «Малика»',
  'Asl Dori',
  'Dorixona «Najot»',
  'Аптека «Навруз»',
  'Shams Pharm',
  'Аптека «Нур»',
  'Zamzam dorixonasi',
] as const;
const hospitalNames = [
  'Городская клиническая больница',
  'Центральная районная больница',
  'Tuman tibbiyot birlashmasi',
  'Многопрофильная больница',
  'Shahar koʻp tarmoqli shifoxonasi',
  'Детская больница',
] as const;
const healthcareNames = [
  'Семейная поликлиника',
  'Oilaviy poliklinika',
  'Стоматологическая клиника',
  'Диагностический центр «Медпрофи»',
  'Qishloq vrachlik punkti',
  'Perinatal markaz',
  'Клиника «Ибн Сино»',
  'Медицинский центр «Akfa Medline»',
] as const;
const wholesalerNames = [
  'Uzmedimpex',
  'Asklepiy Distribution',
  'Dori Savdo Ulgurji',
  'Medsintez Trade',
  'Radiks Farm',
  'Nova Pharm Distribution',
  'Pharm Luxe',
  'Meros Farm Savdo',
] as const;
const streets = [
  'Amir Temur koʻchasi',
  'Mustaqillik koʻchasi',
  'Alisher Navoiy koʻchasi',
  'Bunyodkor shoh koʻchasi',
  'ул. Бобура',
  'ул. Шота Руставели',
  'Fargʻona yoʻli',
  'Beruniy koʻchasi',
  'Ibn Sino koʻchasi',
  'Mirzo Ulugʻbek koʻchasi',
  'Yusuf Xos Hojib koʻchasi',
  'Bogʻishamol koʻchasi',
  'Lutfiy koʻchasi',
  'Qatortol koʻchasi',
  'ул. Мукими',
  'ул. Нукусская',
  'Istiqlol koʻchasi',
  'Navroʻz koʻchasi',
  'Buyuk Ipak yoʻli',
  'Doʻstlik koʻchasi',
  'Sharof Rashidov koʻchasi',
  'Mashʼal koʻchasi',
] as const;
/**
 * Person names by script: a name is all Latin or all Cyrillic (first name, surname and patronymic alike),
 * never a Cyrillic first name with a Latin surname. The surname picks the script.
 */
interface NamePool {
  maleFirst: readonly string[];
  femaleFirst: readonly string[];
  patronymics: readonly (readonly [string, string])[];
}
const namesByScript: Record<'latin' | 'cyrillic', NamePool> = {
  latin: {
    maleFirst: ['Dilshod', 'Sardor', 'Bekzod', 'Jasur', 'Farrux', 'Akmal', 'Otabek', 'Rustam', 'Shuhrat', 'Ulugʻbek'],
    femaleFirst: ['Malika', 'Aziza', 'Dilnoza', 'Nilufar', 'Gulnora', 'Madina', 'Shahlo', 'Zarina', 'Nodira', 'Kamola'],
    patronymics: [
      ['Rustamovich', 'Rustamovna'],
      ['Anvarovich', 'Anvarovna'],
      ['Alisherovich', 'Alisherovna'],
      ['Baxromovich', 'Baxromovna'],
      ['Shavkatovich', 'Shavkatovna'],
      ['Tohirovich', 'Tohirovna'],
    ],
  },
  cyrillic: {
    maleFirst: ['Бахтиёр', 'Тимур', 'Алишер', 'Шерзод', 'Азиз', 'Икром', 'Анвар', 'Дмитрий', 'Сергей', 'Олег'],
    femaleFirst: ['Гульнара', 'Наргиза', 'Феруза', 'Севара', 'Лола', 'Ольга', 'Елена', 'Татьяна', 'Ирина', 'Мохира'],
    patronymics: [
      ['Бахромович', 'Бахромовна'],
      ['Шавкатович', 'Шавкатовна'],
      ['Тохирович', 'Тохировна'],
      ['Рустамович', 'Рустамовна'],
      ['Анварович', 'Анваровна'],
      ['Алишерович', 'Алишеровна'],
    ],
  },
};
const surnames = [
  ['Karimov', 'Karimova'],
  ['Tursunov', 'Tursunova'],
  ['Rahimov', 'Rahimova'],
  ['Yusupov', 'Yusupova'],
  ['Ismoilov', 'Ismoilova'],
  ['Ergashev', 'Ergasheva'],
  ['Normatov', 'Normatova'],
  ['Xolmatov', 'Xolmatova'],
  ['Abdullayev', 'Abdullayeva'],
  ['Mirzayev', 'Mirzayeva'],
  ['Азизов', 'Азизова'],
  ['Хасанов', 'Хасанова'],
  ['Султанов', 'Султанова'],
  ['Рахмонов', 'Рахмонова'],
  ['Юлдашев', 'Юлдашева'],
  ['Ким', 'Ким'],
  ['Пак', 'Пак'],
  ['Иванов', 'Иванова'],
  ['Соколов', 'Соколова'],
  ['Qodirov', 'Qodirova'],
] as const;
const specializations: [DoctorSpecialization, number][] = [
  ['therapist', 20],
  ['familyDoctor', 12],
  ['pediatrician', 12],
  ['cardiologist', 8],
  ['neurologist', 7],
  ['gynecologist', 8],
  ['endocrinologist', 6],
  ['ent', 5],
  ['surgeon', 5],
  ['urologist', 3],
  ['dermatologist', 3],
  ['ophthalmologist', 3],
  ['gastroenterologist', 3],
  ['pulmonologist', 2],
  ['rheumatologist', 1],
  ['traumatologist', 2],
  ['infectiousDisease', 1],
  ['oncologist', 1],
  ['psychiatrist', 1],
  ['dentist', 4],
];
const positions = ['Врач', 'Заведующий отделением', 'Главный врач', 'Boʻlim mudiri', 'Shifokor', 'Врач-консультант', 'Участковый врач'] as const;
const banks = [
  'Uzpromstroybank',
  'Kapitalbank',
  'Hamkorbank',
  'Ipoteka-bank',
  'Asakabank',
  'Agrobank',
  'Orient Finans Bank',
  'Ipak Yuli Bank',
  'Trustbank',
  'Aloqabank',
] as const;
const blockReasons = [
  'Задолженность за поставки более 90 дней',
  'Просроченная лицензия на фармацевтическую деятельность',
  'Возврат товара без согласования',
  'Неоднократный отказ от приёмки заказа',
  'Litsenziyasi toʻxtatilgan',
  'Подозрение в реализации фальсифицированной продукции',
] as const;
const phoneCodes = ['90', '91', '93', '94', '95', '97', '98', '99', '33', '88'] as const;

/** Chunked multi-row inserts: one statement per `size` rows. */
async function insertChunks<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/**
 * Counterparties demo data: brands with bank details, about 3,000 organizations
 * over every region (plausible names, addresses and points within a few km of
 * their district centre), 5,000 doctors, a few blacklisted organizations, the
 * demo reps' territories and a few favorites.
 */
export async function seedCounterpartiesDemo(db: Db) {
  const r = random(20_231_204);
  const phone = (code: string = r.pick(phoneCodes)) => `+998${code}${r.digits(7)}`;
  const person = () => {
    const female = r.next() < 0.5;
    const [m, f] = r.pick(surnames);
    const names = namesByScript[/\p{Script=Cyrillic}/u.test(m) ? 'cyrillic' : 'latin'];
    return { first: r.pick(female ? names.femaleFirst : names.maleFirst), last: female ? f : m, middle: r.pick(names.patronymics)[female ? 1 : 0] };
  };

  const userIds = new Map((await db.select({ id: users.id, login: users.login }).from(users)).map((u) => [u.login, u.id]));
  const adminId = userIds.get('admin') ?? null;

  // places: every district with its centre, Tashkent city and regional cities weighted up
  const regionRows = await db.select({ id: regions.id, code: regions.code }).from(regions);
  const regionId = new Map(regionRows.map((x) => [x.code, x.id]));
  const districtRows = await db.select({ id: districts.id, regionId: districts.regionId, uz: sql<string>`${districts.name}->>'uz-Latn'` }).from(districts);
  const places: { regionId: number; districtId: number; name: string; center: [number, number]; weight: number; spreadM: number }[] = [];
  for (const region of uzbekistan) {
    const rid = regionId.get(region.code);
    if (!rid) continue;
    for (const d of region.districts) {
      const row = districtRows.find((x) => x.regionId === rid && x.uz === d.uz);
      if (!row) continue;
      const city = region.code === 'TK' || d.uz.endsWith('shahri');
      places.push({
        regionId: rid,
        districtId: row.id,
        name: d.uz,
        center: d.center,
        weight: region.code === 'TK' ? 9 : city ? 5 : 1,
        spreadM: city ? 2_500 : 4_000,
      });
    }
  }
  const totalWeight = places.reduce((s, p) => s + p.weight, 0);
  const pickPlace = () => {
    let x = r.next() * totalWeight;
    for (const p of places) if ((x -= p.weight) < 0) return p;
    return places.at(-1)!;
  };

  // brands (pharmacy chains and distributors) with bank details
  const brandRows = [
    'Grand Pharm',
    'Oxymed',
    'Dori-Darmon',
    'Nika Pharm',
    'Arzon Apteka',
    'Shifobaxsh',
    'Med Lux Pharm',
    'Tabib Pharm',
    'Asl Dori',
    'Shams Pharm',
    'Uzmedimpex',
    'Asklepiy Distribution',
    'Radiks Farm',
    'Nova Pharm Distribution',
    'Meros Farm Savdo',
    'Pharm Luxe',
    'Zamzam',
    'Ibn Sino Group',
  ].map((name, i) => {
    const city = r.pick(['Toshkent sh.', 'Samarqand sh.', 'Fargʻona sh.', 'Buxoro sh.', 'Andijon sh.']);
    const legalName = `OOO «${name}»`;
    const b = {
      name,
      inn: `${r.pick(['2', '3'])}${String(10_000_000 + i * 3_517_931).slice(-8)}`,
      legalName,
      legalAddress: `${city}, ${r.pick(streets)}, ${r.int(1, 120)}`,
      bankName: r.pick(banks),
      bankAccount: `20208000${r.digits(12)}`,
      mfo: `0${r.digits(4)}`,
      deliveryAddress: `${city}, ${r.pick(streets)}, ${r.int(1, 120)}, ombor`,
      createdBy: adminId,
    };
    return { ...b, searchKey: brandSearchKey(b) };
  });
  const insertedBrands = await db
    .insert(brands)
    .values(brandRows)
    .returning({ id: brands.id, name: brands.name, inn: brands.inn, legalName: brands.legalName });

  // organizations
  const typeOf = (): OrganizationType => {
    const x = r.next();
    return x < 0.6 ? 'pharmacy' : x < 0.72 ? 'hospital' : x < 0.92 ? 'healthcare' : 'wholesaler';
  };
  const counters = new Map<string, number>();
  const numbered = (key: string) => {
    const n = (counters.get(key) ?? 0) + 1;
    counters.set(key, n);
    return n;
  };
  const orgRows: (typeof organizations.$inferInsert)[] = [];
  for (let i = 0; i < demoOrganizationCount; i++) {
    const at = pickPlace();
    const type = typeOf();
    const point = movePoint({ lat: at.center[0], lng: at.center[1] }, Math.sqrt(r.next()) * at.spreadM, r.next() * 360);
    const lat = Number(point.lat.toFixed(6));
    const lng = Number(point.lng.toFixed(6));
    const chain =
      (type === 'pharmacy' || type === 'wholesaler') && r.next() < 0.35
        ? r.pick(insertedBrands.slice(type === 'pharmacy' ? 0 : 10, type === 'pharmacy' ? 10 : 16))
        : null;
    let name: string;
    if (type === 'pharmacy')
      name = chain ? `${chain.name} ${at.name.replace(/ (shahri|tumani)$/, '')}` : `${r.pick(pharmacyNames)} №${numbered(`p${at.districtId}`)}`;
    else if (type === 'hospital') name = `${r.pick(hospitalNames)} №${numbered(`h${at.regionId}`)}`;
    else if (type === 'healthcare') name = `${r.pick(healthcareNames)} №${numbered(`c${at.regionId}`)}`;
    else name = chain ? `${chain.name} (${at.name})` : `${r.pick(wholesalerNames)} ${at.name}`;
    const responsible = person();
    const street = `${at.name}, ${r.pick(streets)}`;
    const house = String(r.int(1, 150));
    const address = `${street}, ${house}`;
    const row = {
      name,
      type,
      regionId: at.regionId,
      districtId: at.districtId,
      address,
      lat,
      lng,
      phone: phone(r.next() < 0.3 ? '71' : undefined),
      inn: chain?.inn ?? `${r.pick(['2', '3'])}${r.digits(8)}`,
      responsiblePerson: `${responsible.last} ${responsible.first}`,
      responsiblePhone: phone(),
      branchName: chain ? `${at.name} filiali` : null,
      legalName: chain?.legalName ?? (type === 'hospital' || type === 'healthcare' ? null : `ЧП «${name.replace(/ №\d+$/, '')}»`),
      legalAddress: address,
      bankName: r.pick(banks),
      bankAccount: `20208000${r.digits(12)}`,
      bankMfo: `0${r.digits(4)}`,
      brandId: chain?.id ?? null,
      deliveryRegionId: at.regionId,
      deliveryDistrictId: at.districtId,
      // the house number apart from the street (spec §3); now and then a warehouse elsewhere
      ...(r.next() < 0.85
        ? { deliveryAddress: street, deliveryHouse: house }
        : { deliveryAddress: `${at.name}, ${r.pick(streets)} (ombor)`, deliveryHouse: String(r.int(1, 150)) }),
      deliveryLat: lat,
      deliveryLng: lng,
      size: r.pick<OrganizationSize>(['small', 'small', 'medium', 'medium', 'large']),
      creditLimit: type === 'pharmacy' || type === 'wholesaler' ? r.int(1, 50) * 10_000_000 * 100 : null,
      creditDays: type === 'pharmacy' || type === 'wholesaler' ? r.pick([0, 7, 14, 30, 45]) : null,
      minShelfLifeMonths: r.pick([6, 6, 9, 12, 12, 18]),
      defaultClientType: type === 'wholesaler' ? ('wholesale' as const) : ('retail' as const),
      defaultPaymentVariant: r.pick<PaymentVariant>(['bankTransfer', 'bankTransfer', 'cash', 'card', 'deferred']),
      createdBy: adminId,
    };
    orgRows.push({ ...row, ...organizationSearchKeys(row, chain?.name) });
  }
  const orgs: { id: number; type: OrganizationType; regionId: number; districtId: number }[] = [];
  await insertChunks(orgRows, 500, async (chunk) => {
    orgs.push(
      ...(await db
        .insert(organizations)
        .values(chunk)
        .returning({ id: organizations.id, type: organizations.type, regionId: organizations.regionId, districtId: organizations.districtId })),
    );
  });

  // doctors: in hospitals and healthcare facilities
  const facilities = orgs.filter((o) => o.type === 'hospital' || o.type === 'healthcare');
  const specializationWeights = specializations.reduce((s, [, w]) => s + w, 0);
  const pickSpecialization = () => {
    let x = r.next() * specializationWeights;
    for (const [sp, w] of specializations) if ((x -= w) < 0) return sp;
    return 'therapist' as const;
  };
  const doctorRows: (typeof doctors.$inferInsert)[] = [];
  for (let i = 0; i < demoDoctorCount; i++) {
    const p = person();
    const d = {
      firstName: p.first,
      lastName: p.last,
      middleName: r.next() < 0.8 ? p.middle : null,
      phone: phone(),
      position: r.pick(positions),
      specialization: pickSpecialization(),
      organizationId: facilities[i % facilities.length]!.id,
      createdBy: adminId,
    };
    doctorRows.push({ ...d, ...doctorSearchKeys(d) });
  }
  const doctorIds: { id: number; organizationId: number }[] = [];
  await insertChunks(doctorRows, 1_000, async (chunk) => {
    doctorIds.push(...(await db.insert(doctors).values(chunk).onConflictDoNothing().returning({ id: doctors.id, organizationId: doctors.organizationId })));
  });

  // a few blacklisted organizations
  const blocked = orgs
    .filter((o) => o.type === 'pharmacy' || o.type === 'wholesaler')
    .filter((_, i) => i % 150 === 7)
    .slice(0, 12);
  if (blocked.length) {
    await db.insert(organizationBlacklist).values(
      blocked.map((o, i) => ({
        organizationId: o.id,
        reason: blockReasons[i % blockReasons.length]!,
        createdBy: userIds.get(i % 2 ? 'operator' : 'boss') ?? adminId,
        createdAt: new Date(Date.now() - (i + 1) * 86_400_000 * 3),
      })),
    );
  }

  // the demo reps' territories: Tashkent city and Samarkand region; the wholesale desk works everywhere
  const territories: (typeof userTerritories.$inferInsert)[] = [];
  for (const login of ['rep', 'rep.malika', 'rep.sardor'])
    if (userIds.has(login) && regionId.has('TK')) territories.push({ userId: userIds.get(login)!, regionId: regionId.get('TK')! });
  for (const login of ['rep.aziza', 'rep.bekzod'])
    if (userIds.has(login) && regionId.has('SA')) territories.push({ userId: userIds.get(login)!, regionId: regionId.get('SA')! });
  if (userIds.has('wholesale')) for (const id of regionId.values()) territories.push({ userId: userIds.get('wholesale')!, regionId: id });
  if (territories.length) await db.insert(userTerritories).values(territories);

  // a few favorites for the first rep
  const repId = userIds.get('rep');
  const tashkentId = regionId.get('TK');
  if (repId && tashkentId) {
    const pharmacies = orgs.filter((o) => o.regionId === tashkentId && o.type === 'pharmacy').slice(0, 6);
    if (pharmacies.length) await db.insert(favoriteOrganizations).values(pharmacies.map((o) => ({ userId: repId, organizationId: o.id })));
    const inTashkent = new Set(orgs.filter((o) => o.regionId === tashkentId).map((o) => o.id));
    const favorites = doctorIds.filter((d) => inTashkent.has(d.organizationId)).slice(0, 8);
    if (favorites.length) await db.insert(favoriteDoctors).values(favorites.map((d) => ({ userId: repId, doctorId: d.id })));
  }
}

/** Used by the seed test: how many rows of each the demo made. */
export async function countCounterparties(db: Db) {
  const count = async (table: typeof organizations | typeof doctors | typeof brands | typeof organizationBlacklist) =>
    Number((await db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n ?? 0);
  return {
    organizations: await count(organizations),
    doctors: await count(doctors),
    brands: await count(brands),
    blacklisted: await count(organizationBlacklist),
  };
}
