import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { regions, districts } from '../modules/regions/regions.table.js';
import { userTerritories } from '../modules/territories/territories.table.js';
import { authFor } from './test-app.js';

export interface Place {
  regionId: number;
  districtId: number;
}

/** A district of the reference data, by region code and Uzbek Latin name ("TK", "Chilonzor"). */
export async function place(db: Db, regionCode: string, district: string): Promise<Place> {
  const [row] = await db
    .select({ regionId: regions.id, districtId: districts.id })
    .from(districts)
    .innerJoin(regions, eq(regions.id, districts.regionId))
    .where(and(eq(regions.code, regionCode), sql`${districts.name}->>'uz-Latn' = ${district}`));
  if (!row) throw new Error(`no district ${regionCode}/${district}`);
  return row;
}

/** Gives a user a territory straight in the table (a whole region when no district). */
export async function assignTerritory(db: Db, userId: number, territory: { regionId: number; districtId?: number | null }) {
  await db.insert(userTerritories).values({ userId, regionId: territory.regionId, districtId: territory.districtId ?? null });
}

let innCounter = 100_000_000;
/** A unique, valid inn. */
export const nextInn = () => String((innCounter += 7919));

let phoneCounter = 0;
export const nextPhone = () => `+99890${String(1_000_000 + (phoneCounter += 1)).slice(-7)}`;

/** A valid organization body at the place, with a unique inn and phone. */
export function organizationBody(at: Place, extra: Record<string, unknown> = {}) {
  return {
    name: `Аптека ${nextInn()}`,
    type: 'pharmacy',
    regionId: at.regionId,
    districtId: at.districtId,
    address: "Bunyodkor ko'chasi, 12",
    phone: nextPhone(),
    inn: nextInn(),
    responsiblePerson: 'Каримова Дилноза',
    deliveryAddress: "Bunyodkor ko'chasi, 12",
    // a client on generous credit, so approving an order passes the credit check (decision 010) unless a test says otherwise
    creditLimit: 100_000_000_000_00,
    ...extra,
  };
}

export const headers = (app: FastifyInstance, user: { id: number }, lng = 'en') => ({ ...authFor(app, user), 'accept-language': lng });

/** Creates an organization through the API (as an admin-like user) and returns it. */
export async function createOrganization(app: FastifyInstance, user: { id: number }, body: Record<string, unknown>) {
  const res = await app.inject({ method: 'POST', url: '/api/organizations', headers: headers(app, user), payload: { confirmDuplicate: true, ...body } });
  if (res.statusCode !== 201) throw new Error(`organization not created: ${res.statusCode} ${res.body}`);
  return res.json() as { id: number; name: string; [k: string]: unknown };
}
