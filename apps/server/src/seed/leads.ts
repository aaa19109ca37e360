import { and, eq, inArray, sql } from 'drizzle-orm';
import { leadSources, searchText, type LeadSource, type OrganizationType } from '@pharma/contracts';
import { queryRows, type Db } from '../db/client.js';
import { users } from '../modules/users/users.table.js';
import { leads, leadStageHistory, leadStages } from '../modules/leads/leads.table.js';
import { seededRandom } from './random.js';
import { demoVisitLogins } from './visits.js';

/** Leads per rep of the demo's visits, over the last four months. */
const leadsPerRep = 14;
const names = [
  'Dorixona «Sabo»',
  'Аптека «Оптима»',
  'Sihat Pharm',
  'Аптека «Лекарь»',
  'Hayot dorixonasi',
  'Vita Med',
  'Аптека «Биомед»',
  'Shifo-Nur',
  'Darmon Plus',
  'Клиника «Медиас»',
  'Oila shifokori poliklinikasi',
  'Аптека «Семейная»',
  'Farmatsiya Markazi',
  'Med Invest Pharm',
  'Аптека «Авиценна»',
  'Yashil dorixona',
] as const;
const contacts = [
  'Каримов Шерзод',
  'Юлдашева Малика',
  'Rahimov Jasur',
  'Тошпулатова Дилфуза',
  'Nazarova Gulnora',
  'Абдуллаев Бахтиёр',
  'Sobirov Aziz',
] as const;
const lostReasons = ['Работает с другим дистрибьютором', 'Закрылась на ремонт', 'Не устроили цены', 'Нет лицензии на отпуск рецептурных'] as const;
const notes = ['Просили прайс-лист и условия отсрочки', 'Интересуются кардиологией', 'Перезвонить после 15-го', null, null] as const;

/**
 * Demo leads: for each rep of the demo, prospects in their territories from every source, spread over the
 * pipeline with a plausible history (most new and contacted, some won, some lost with a reason).
 */
export async function seedLeadsDemo(db: Db, now = new Date()) {
  const r = seededRandom(18);
  const stages = await db.select().from(leadStages).orderBy(leadStages.position);
  const open = stages.filter((s) => s.kind === 'open');
  const won = stages.find((s) => s.kind === 'won')!;
  const lost = stages.find((s) => s.kind === 'lost')!;
  const reps = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'rep'), eq(users.active, true), inArray(users.login, demoVisitLogins)));
  let n = 0;
  for (const rep of reps) {
    const places = await queryRows<{ regionId: number; districtId: number; lat: number | null; lng: number | null; street: string }>(
      db,
      sql`select o.region_id as "regionId", o.district_id as "districtId", o.lat, o.lng, o.address as street from organizations o
          where o.district_id in (select d.id from districts d join user_territories t on t.region_id = d.region_id and (t.district_id is null or t.district_id = d.id) where t.user_id = ${rep.id})
          order by hashint8(o.id::bigint * 31 + ${rep.id}), o.id limit ${leadsPerRep}`,
    );
    for (const p of places) {
      n += 1;
      const name = `${r.pick(names)}${r.int(0, 2) === 0 ? ` ${r.int(2, 9)}` : ''}`;
      const type: OrganizationType = name.includes('Клиника') || name.includes('poliklinika') ? 'healthcare' : 'pharmacy';
      const source: LeadSource = r.pick(leadSources);
      const phones = [`+99890${String(7_000_000 + n * 137).padStart(7, '0')}`, ...(r.int(0, 2) === 0 ? [`+99871${String(2_000_000 + n * 53)}`] : [])];
      const contact = r.pick(contacts);
      // a little away from an existing organization: a new pharmacy on the same street
      const lat = p.lat === null ? null : p.lat + r.int(-9, 9) / 10_000;
      const lng = p.lng === null ? null : p.lng + r.int(-9, 9) / 10_000;
      const address = p.street;
      const created = new Date(now.getTime() - r.int(2, 120) * 86_400_000 - r.int(0, 36_000) * 1000);
      // the pipeline walked so far: a few open stages, then maybe an end
      const roll = r.next();
      const path = [open[0]!];
      const steps = roll < 0.3 ? 0 : roll < 0.55 ? 1 : 2;
      for (let i = 1; i <= steps && i < open.length; i++) path.push(open[i]!);
      const end = roll > 0.85 ? won : roll > 0.72 ? lost : null;
      if (end) path.push(end);
      const days = Math.max(1, Math.floor((now.getTime() - created.getTime()) / 86_400_000));
      const times = path.map((_, i) => new Date(created.getTime() + Math.floor((days * i) / (path.length + 1)) * 86_400_000));
      const last = path[path.length - 1]!;
      const lostReason = last.kind === 'lost' ? r.pick(lostReasons) : null;
      const [row] = await db
        .insert(leads)
        .values({
          name,
          type,
          contactPerson: contact,
          phones,
          regionId: p.regionId,
          districtId: p.districtId,
          address,
          lat,
          lng,
          inn: r.int(0, 1) === 0 ? String(300_000_000 + n * 7_919) : null,
          source,
          assignedTo: rep.id,
          notes: r.pick(notes),
          stageId: last.id,
          lostReason,
          stageChangedAt: times[times.length - 1]!,
          searchKey: searchText(name, contact, ...phones, ...phones.map((x) => x.slice(4)), address),
          nameKey: searchText(name),
          createdBy: rep.id,
          createdAt: created,
          updatedAt: times[times.length - 1]!,
        })
        .returning({ id: leads.id });
      await db.insert(leadStageHistory).values(
        path.map((s, i) => ({
          leadId: row!.id,
          fromStageId: i === 0 ? null : path[i - 1]!.id,
          toStageId: s.id,
          userId: rep.id,
          lostReason: s.kind === 'lost' ? lostReason : null,
          at: times[i]!,
        })),
      );
    }
  }
}
