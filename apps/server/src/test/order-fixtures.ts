import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { deliveryWarehouseStepNames, type DeliveryWarehouseStep } from '@pharma/contracts';
import type { Db } from '../db/client.js';
import { warehouses } from '../modules/warehouses/warehouses.table.js';
import { authFor, makeUser } from './test-app.js';
import { inDays, makeBatch, makeProducer, makeProduct, makeWarehouse, today } from './stock-fixtures.js';

/** Test data shared by the orders and logistics tests, inserted straight into the tables (like makeUser). */

/**
 * The people of an orders test: under the admin, a chief's team (rep, rep2) and another chief's
 * (otherChief, rep3) for scope; an operator and a warehouse employee.
 */
export async function orderPeople(db: Db) {
  const admin = await makeUser(db, 'admin');
  const operator = await makeUser(db, 'operator');
  const chief = await makeUser(db, 'chief', { managerId: admin.id });
  const rep = await makeUser(db, 'rep', { managerId: chief.id });
  const rep2 = await makeUser(db, 'rep', { managerId: chief.id });
  const otherChief = await makeUser(db, 'chief', { managerId: admin.id });
  const rep3 = await makeUser(db, 'rep', { managerId: otherChief.id });
  const employee = await makeUser(db, 'employee');
  return { admin, operator, chief, rep, rep2, otherChief, rep3, employee };
}

/**
 * The orders tests' stock in one warehouse: Nurofen in two batches (expiring in 200 and 400 days) at
 * base prices with tiyin, so the rounding of each line shows; Aspirin and Citramon in one batch each.
 */
export async function orderStock(db: Db, onHand: { nurofenSoon: number; nurofenLater: number; aspirin: number; citramon: number }) {
  const producerId = (await makeProducer(db)).id;
  const warehouseId = (await makeWarehouse(db)).id;
  const nurofen = (await makeProduct(db, { producerId, name: 'Нурофен 200 мг' })).id;
  const aspirin = (await makeProduct(db, { producerId, name: 'Аспирин 500 мг' })).id;
  const citramon = (await makeProduct(db, { producerId, name: 'Цитрамон' })).id;
  const soonBatch = (await makeBatch(db, { productId: nurofen, warehouseId, expiryDate: inDays(200), onHand: onHand.nurofenSoon, basePrice: 1_234_567 })).id;
  const laterBatch = (await makeBatch(db, { productId: nurofen, warehouseId, expiryDate: inDays(400), onHand: onHand.nurofenLater, basePrice: 987_655 })).id;
  await makeBatch(db, { productId: aspirin, warehouseId, expiryDate: inDays(300), onHand: onHand.aspirin, basePrice: 333_333 });
  await makeBatch(db, { productId: citramon, warehouseId, expiryDate: inDays(300), onHand: onHand.citramon, basePrice: 150_050 });
  return { producerId, warehouseId, nurofen, aspirin, citramon, soonBatch, laterBatch };
}

/** The people of a logistics test: the admin, the operator, a rep, the warehouse employee and two couriers under them. */
export async function logisticsPeople(db: Db) {
  const admin = await makeUser(db, 'admin');
  const operator = await makeUser(db, 'operator', { managerId: admin.id });
  const employee = await makeUser(db, 'employee', { managerId: admin.id });
  const rep = await makeUser(db, 'rep', { managerId: admin.id });
  const courier = await makeUser(db, 'courier', { managerId: employee.id });
  const courier2 = await makeUser(db, 'courier', { managerId: employee.id });
  return { admin, operator, employee, rep, courier, courier2 };
}

/** A warehouse at `depot` (where the routes start) stocked with Paracetamol syrup, 250 g a package, 1,000 in stock. */
export async function depotWithSyrup(db: Db, depot: { lat: number; lng: number }) {
  const warehouseId = (await makeWarehouse(db)).id;
  await db.update(warehouses).set(depot).where(eq(warehouses.id, warehouseId));
  const productId = (await makeProduct(db, { producerId: (await makeProducer(db)).id, name: 'Парацетамол сироп 120 мл', weightG: 250 })).id;
  await makeBatch(db, { productId, warehouseId, expiryDate: inDays(400), onHand: 1000, basePrice: 120_000 });
  return { warehouseId, productId };
}

/**
 * Ships orders approved for shipment the one way the product ships them (decision 012): the desk
 * groups them in a pick-up delivery from the wizard, and the warehouse takes it through its steps
 * (assemble, ready, hand over) — every order ends shipped. Answers the delivery's id.
 */
export async function shipThroughDelivery(
  app: FastifyInstance,
  people: { operator: { id: number }; employee: { id: number } },
  orderIds: number[],
  warehouseId: number,
  steps: readonly DeliveryWarehouseStep[] = deliveryWarehouseStepNames,
): Promise<number> {
  const created = await app.inject({
    method: 'POST',
    url: '/api/deliveries',
    headers: authFor(app, people.operator),
    payload: { orderIds, date: today(), type: 'pickup', address: 'Самовывоз со склада', warehouseId, boxCount: 1, pricePerBox: 0 },
  });
  if (created.statusCode !== 201) throw new Error(`delivery not created: ${created.body}`);
  const id = created.json().id as number;
  for (const step of steps) {
    const res = await app.inject({ method: 'POST', url: `/api/deliveries/${id}/warehouse-step`, headers: authFor(app, people.employee), payload: { step } });
    if (res.statusCode !== 200) throw new Error(`${step}: ${res.body}`);
  }
  return id;
}
