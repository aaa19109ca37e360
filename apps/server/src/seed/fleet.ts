import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { users } from '../modules/users/users.table.js';
import { cars } from '../modules/logistics/logistics.table.js';

/** The demo fleet: small vans for the city, a truck for the regions; plates of Tashkent (01) and Samarkand (30). */
export async function seedFleetDemo(db: Db) {
  const couriers = await db
    .select({ id: users.id, login: users.login })
    .from(users)
    .where(inArray(users.login, ['courier', 'courier.akmal']));
  const courierId = (login: string) => couriers.find((c) => c.login === login)?.id ?? null;
  await db.insert(cars).values([
    { plate: '01A123BC', model: 'Chevrolet Damas', capacityKg: 550, capacityBoxes: 40, courierId: courierId('courier') },
    { plate: '01K777MA', model: 'Chevrolet Labo', capacityKg: 850, capacityBoxes: 60, courierId: null },
    { plate: '01345FAR', model: 'Isuzu NPR 75', capacityKg: 5200, capacityBoxes: 320, courierId: null },
    { plate: '30B432DA', model: 'Chevrolet Damas', capacityKg: 550, capacityBoxes: 40, courierId: courierId('courier.akmal') },
    { plate: '01D908AA', model: 'GAZelle Next', capacityKg: 1500, capacityBoxes: 110, courierId: null, active: false },
  ]);
}
