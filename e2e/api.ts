import { expect, type APIRequestContext } from '@playwright/test';
import { creditworthy, tokenOf } from './support';

/**
 * Set-up through the API beside the screen under test: one call helper, the shapes the journeys read,
 * and the orders they start from (a rep's order for an open pharmacy, with stock that is really free).
 */

export interface Pharmacy {
  id: number;
  name: string;
  blocked: boolean;
  lat: number | null;
  lng: number | null;
  minShelfLifeMonths: number | null;
}

export interface StockRow {
  productId: number;
  productName: string;
  producerName: string;
  free: number;
  nearestExpiry: string | null;
}

export interface CreatedOrder {
  id: number;
  number: string;
  date: string;
  status: string;
  organizationId: number;
  organizationName: string;
  sumSale: number;
  positions: { productName: string }[];
}

/**
 * One API call as `token`'s user. Without `expected` any 2xx passes; with it, exactly that status.
 * Every call carries its own Idempotency-Key (creations require one; the rest ignore it).
 */
export async function call<T = unknown>(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string,
  data?: unknown,
  expected?: number,
): Promise<T> {
  const response = await request.fetch(url, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': `e2e-${Date.now()}-${Math.random()}` },
    ...(data === undefined ? {} : { data }),
  });
  const what = `${method} ${url} → ${response.status()} ${await response.text()}`;
  if (expected === undefined) expect(response.ok(), what).toBeTruthy();
  else expect(response.status(), what).toBe(expected);
  return (response.status() === 204 ? undefined : await response.json()) as T;
}

/** The open pharmacies in `token`'s scope, the least demanding minimum shelf life first. */
export async function openPharmacies(request: APIRequestContext, token: string, { withPoint = false } = {}): Promise<Pharmacy[]> {
  const { items } = await call<{ items: Pharmacy[] }>(request, 'GET', '/api/organizations?type=pharmacy&size=100', token);
  return items
    .filter((o) => !o.blocked && (!withPoint || (o.lat !== null && o.lng !== null)))
    .sort((a, b) => (a.minShelfLifeMonths ?? 0) - (b.minShelfLifeMonths ?? 0));
}

/** `count` products with at least `minFree` free units, far enough from expiry for every one of `clients`. */
export async function freeStockFor(request: APIRequestContext, token: string, clients: readonly Pharmacy[], count: number, minFree = 20): Promise<StockRow[]> {
  const { items } = await call<{ items: StockRow[] }>(request, 'GET', '/api/stock/by-product?onlyAvailable=true&size=100&sort=-free', token);
  const later = new Date();
  later.setMonth(later.getMonth() + Math.max(0, ...clients.map((c) => c.minShelfLifeMonths ?? 0)) + 3);
  const products = items.filter((r) => r.free >= minFree && r.nearestExpiry !== null && new Date(r.nearestExpiry) > later).slice(0, count);
  expect(products, 'products in plenty of free stock, far from expiry').toHaveLength(count);
  return products;
}

/** The rep's order through the API (status new). */
export async function createOrder(
  request: APIRequestContext,
  repToken: string,
  organizationId: number,
  positions: { productId: number; quantity: number }[],
  terms: Record<string, unknown> = {},
): Promise<CreatedOrder> {
  const order = await call<CreatedOrder>(
    request,
    'POST',
    '/api/orders',
    repToken,
    { organizationId, deliveryAddress: 'Tashkent, e2e street 1', ...terms, positions },
    201,
  );
  expect(order.status).toBe('new');
  return order;
}

/** Moves an order through the given statuses, each by the user of its token (with the move's extra fields, a reason, say). */
export async function moveOrder(
  request: APIRequestContext,
  orderId: number,
  steps: readonly (readonly [token: string, to: string, extra?: Record<string, unknown>])[],
): Promise<void> {
  for (const [token, to, extra] of steps) await call(request, 'POST', `/api/orders/${orderId}/move`, token, { to, ...extra });
}

/**
 * Ships orders approved for shipment the one way the product ships them (decision 012): the desk
 * groups them in a pick-up delivery from the first active warehouse, and the warehouse takes it
 * through its steps (assemble, ready, hand over). Answers the delivery's id.
 */
export async function shipThroughDelivery(request: APIRequestContext, tokens: { operator: string; employee: string }, orderIds: number[]): Promise<number> {
  const warehouse = (await call<{ id: number; active: boolean }[]>(request, 'GET', '/api/warehouses', tokens.operator)).find((w) => w.active)!;
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Tashkent' });
  const delivery = await call<{ id: number }>(
    request,
    'POST',
    '/api/deliveries',
    tokens.operator,
    { orderIds, date: today, type: 'pickup', address: 'Самовывоз со склада', warehouseId: warehouse.id, boxCount: 1, pricePerBox: 0 },
    201,
  );
  for (const step of ['assemble', 'ready', 'handOver']) await call(request, 'POST', `/api/deliveries/${delivery.id}/warehouse-step`, tokens.employee, { step });
  return delivery.id;
}

/** The rep's order for a creditworthy pharmacy of the territory, with two products in plenty of free stock. */
export async function createOrderAsRep(request: APIRequestContext): Promise<CreatedOrder> {
  const rep = await tokenOf(request, 'rep');
  const [pharmacy] = await creditworthy(request, await tokenOf(request, 'operator'), await openPharmacies(request, rep), 1);
  const products = await freeStockFor(request, rep, [pharmacy!], 2);
  // no prepayment to wait for before the approval (decision 022)
  return createOrder(
    request,
    rep,
    pharmacy!.id,
    products.map((p) => ({ productId: p.productId, quantity: 2 })),
    { prepaymentPercent: 0 },
  );
}
