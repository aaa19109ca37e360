import { sql } from 'drizzle-orm';
import {
  addDays,
  businessDate,
  daysBetween,
  deliveryCost,
  distanceMeters,
  movePoint,
  percentToBp,
  planRoute,
  prepaymentAmount,
  pricePosition,
  priceTotals,
  resolveMarkup,
  type ClientType,
  type DeliveryStatus,
  type DeliveryType,
  reservingOrderStatuses,
  type OrderStatus,
  type PaymentVariant,
} from '@pharma/contracts';
import type { Db, Tx } from '../db/client.js';
import { seededRandom } from './random.js';
import { queryRows } from '../db/client.js';
import { users } from '../modules/users/users.table.js';
import { getTradeSettings } from '../modules/pricing/pricing.service.js';

export const demoOrderAgentLogins = ['rep', 'rep.malika', 'rep.sardor', 'rep.aziza', 'rep.bekzod', 'wholesale'];
/** Deliveries are seeded for orders shipped in the last this many days. */
export const demoDeliveryDays = 90;

const minute = 60_000;
/** Share of the reps' orders taken on a visit (the rest by phone or messenger). */
const onVisitShare = 0.8;
/** The statuses of the last two working days, in turn: every status of spec §4 is on the screens, and the courier has work today. */
const latestDayStatuses: OrderStatus[] = [
  'new',
  'sent_for_review',
  'in_processing',
  'approved_for_shipment',
  'in_assembly',
  'under_agreement',
  'new',
  'sent_for_review',
  'assembled',
  'approved_for_shipment',
  'cancelled',
  'in_processing',
];
const previousDayStatuses: OrderStatus[] = [
  'shipped',
  'ready_for_shipment',
  'approved_for_shipment',
  'in_assembly',
  'delivered',
  'shipped',
  'ready_for_shipment',
  'delivered',
  'cancelled',
  'shipped',
  'completed',
  'under_agreement',
];

const agentCancelReasons = ['Клиент передумал', 'Дубликат заказа', 'Mijoz buyurtmani bekor qildi', 'Ошибка в количестве, оформлен новый заказ'];
const operatorCancelReasons = [
  'Превышен кредитный лимит, клиент отказался от предоплаты',
  'Клиент отказался от заказа по телефону',
  'Нет в наличии нужной серии, клиент отказался от замены',
  "Mijoz to'lovni kechiktirdi, jo'natish bekor qilindi",
  'Истекает лицензия аптеки',
  'Цена не согласована с клиентом',
  'Buyurtma takrorlangan, bekor qilindi',
];
const managerCancelReasons = ['Не согласовано: задолженность клиента более 60 дней', 'Kredit limiti oshib ketgan, kelishilmadi'];
const orderComments = [
  'Доставить до 12:00',
  'Позвонить заведующей перед доставкой',
  "Yetkazib berishdan oldin qo'ng'iroq qiling",
  'Оплата по факту поставки',
  null,
  null,
  null,
  null,
  null,
  null,
];
const operatorComments = ['Согласовано с заведующей по телефону', 'Предоплата получена', 'Счёт отправлен на почту', null, null, null, null];
const refusalReasons = [
  'Аптека закрыта, заведующая не отвечает',
  'Клиент отказался: заказ не нужен',
  'Mijoz buyurtmadan voz kechdi',
  'Нет денег для оплаты при получении',
  'Товар уже закупили у другого поставщика',
];
const recipients = ['Заведующая аптекой', 'Провизор', 'Farmatsevt', 'Старшая медсестра', 'Zaveduyushchiy', 'Кладовщик'];

type Stock = 'consume' | 'reserve' | 'none';
interface Step {
  to: OrderStatus;
  at: Date;
  by: number;
  reason: string | null;
}
interface Org {
  id: number;
  regionCode: string | null;
  lat: number | null;
  lng: number | null;
  address: string;
  responsible: string;
  clientType: ClientType | null;
  paymentVariant: PaymentVariant | null;
}
interface Batch {
  id: number;
  productId: number;
  warehouseId: number;
  receivedOn: string;
  expiryDate: string;
  available: boolean;
  basePrice: number;
  /** left to attribute to shipped orders: received − on hand − written off (what the stock seed sold) */
  sold: number;
  /** on hand − reserved: what new reservations may take */
  free: number;
}
interface Line {
  productId: number;
  batchId: number;
  quantity: number;
  basePrice: number;
  basePriceWithVat: number;
  markupBp: number;
  vatBp: number;
  salePrice: number;
  sumBase: number;
  sumBaseWithVat: number;
  sumSale: number;
}
interface DemoOrder {
  id: number;
  org: Org;
  agentId: number;
  visitId: number | null;
  warehouseId: number;
  clientType: ClientType;
  paymentVariant: PaymentVariant;
  prepaymentPercent: number;
  markupPercent: number | null;
  comment: string | null;
  steps: Step[];
  status: OrderStatus;
  lines: Line[];
  stock: Stock;
  operatorId: number | null;
  paid: number;
  /** a stop outcome other than delivered in full: the client took part, or refused at the door */
  outcome?: 'partial' | 'refused';
  /** the positions as shipped (consumed), before a partial delivery or a refusal sent some back */
  shippedLines?: Line[];
  returns?: { productId: number; batchId: number; quantity: number; salePrice: number }[];
}

/** Inserts rows (snake_case keys) a few thousand per statement as one JSON parameter. */
async function insertJson(db: Tx, table: string, columns: Record<string, string>, rows: Record<string, unknown>[], size = 4000) {
  const names = Object.keys(columns);
  const list = names.map((n) => `"${n}"`).join(', ');
  const defs = names.map((n) => `"${n}" ${columns[n]}`).join(', ');
  for (let i = 0; i < rows.length; i += size) {
    await db.execute(
      sql`insert into ${sql.raw(table)} (${sql.raw(list)}) select ${sql.raw(list)} from jsonb_to_recordset(${JSON.stringify(rows.slice(i, i + size))}::jsonb) as x(${sql.raw(defs)})`,
    );
  }
}

const setSequence = (db: Tx, table: string) =>
  db.execute(sql.raw(`select setval(pg_get_serial_sequence('${table}', 'id'), coalesce((select max(id) from ${table}), 0) + 1, false)`));

/** An instant of a Tashkent business day. */
const at = (date: string, minutes: number) => new Date(new Date(`${date}T00:00:00+05:00`).getTime() + minutes * minute);

/**
 * A year of orders of the demo reps and the wholesale employee (about two a working day each; the
 * reps' mostly taken on their completed visits), priced per batch exactly as createOrder prices them,
 * with the whole status history of each (who and when) and the stock they hold: orders before
 * shipment reserve their batches (active reservations, batches.reserved), shipped ones consumed what
 * the stock seed already sold (consumed reservations; on hand is the stock seed's), cancelled ones
 * released theirs. The last three months' shipments travel in deliveries (routed from their
 * warehouse by planRoute, priced by deliveryCost, stops delivered with proof, a few taken in part or
 * refused at the door as the stop outcomes record them), and today's
 * deliveries wait for the couriers. Completed orders are paid, delivered ones partly or not yet.
 * Everything is generated in JS and written in a few JSON-parameter statements.
 */
export async function seedOrdersDemo(db: Db, now = new Date()) {
  const r = seededRandom(77);
  const today = businessDate(now);
  const limit = now.getTime() - 2 * minute;
  const userRows = await db.select({ id: users.id, login: users.login, managerId: users.managerId }).from(users);
  const userId = (login: string) => userRows.find((u) => u.login === login)?.id ?? null;
  const operator = userId('operator');
  const storekeeper = userId('employee');
  const boss = userId('boss');
  const courierTashkent = userId('courier');
  const courierSamarkand = userId('courier.akmal');
  const agents = userRows.filter((u) => demoOrderAgentLogins.includes(u.login));
  if (!agents.length || !operator || !storekeeper || !courierTashkent) return;

  const settings = await getTradeSettings(db);
  const vatPercent = settings.vatPercent;
  const orgRows = await queryRows<{
    id: number;
    code: string | null;
    lat: number | null;
    lng: number | null;
    address: string;
    responsible: string;
    clientType: ClientType | null;
    paymentVariant: PaymentVariant | null;
  }>(
    db,
    sql`select o.id, rg.code, coalesce(o.delivery_lat, o.lat) as lat, coalesce(o.delivery_lng, o.lng) as lng, o.delivery_address || coalesce(', ' || o.delivery_house, '') as address,
          o.responsible_person as responsible, o.default_client_type as "clientType", o.default_payment_variant as "paymentVariant"
        from organizations o left join regions rg on rg.id = o.region_id
        where not exists (select 1 from organization_blacklist b where b.organization_id = o.id and b.unblocked_at is null)`,
  );
  const orgs = new Map<number, Org>(
    orgRows.map((o) => [
      o.id,
      {
        id: o.id,
        regionCode: o.code,
        lat: o.lat,
        lng: o.lng,
        address: o.address,
        responsible: o.responsible,
        clientType: o.clientType,
        paymentVariant: o.paymentVariant,
      },
    ]),
  );
  const pools = new Map<number, Org[]>();
  for (const agent of agents) {
    const ids = await queryRows<{ id: number }>(
      db,
      sql`select o.id from organizations o
          where o.district_id in (select d.id from districts d join user_territories t on t.region_id = d.region_id and (t.district_id is null or t.district_id = d.id) where t.user_id = ${agent.id})
            ${agent.login === 'wholesale' ? sql`and o.type in ('wholesaler', 'pharmacy')` : sql``}
          order by hashint8(o.id::bigint * 104729 + ${agent.id}), o.id limit 120`,
    );
    pools.set(
      agent.id,
      ids.map((x) => orgs.get(x.id)).filter((o): o is Org => !!o),
    );
  }
  const visitRows = await queryRows<{ id: number; rep: number; org: number; completedAt: string }>(
    db,
    sql`select id, representative_id as rep, organization_id as org, completed_at::text as "completedAt" from visits
        where status = 'completed' and representative_id in (${sql.join(
          agents.map((a) => sql`${a.id}`),
          sql`, `,
        )}) order by id`,
  );
  const visitsOfDay = new Map<string, { id: number; org: Org; completedAt: Date }[]>();
  for (const v of visitRows) {
    const org = orgs.get(v.org);
    if (!org) continue;
    const completedAt = new Date(v.completedAt);
    const key = `${v.rep}|${businessDate(completedAt)}`;
    visitsOfDay.set(key, [...(visitsOfDay.get(key) ?? []), { id: v.id, org, completedAt }]);
  }
  const productRows = await queryRows<{ id: number; categoryId: number | null; subcategoryId: number | null; weightG: number; unit: string }>(
    db,
    sql`select id, category_id as "categoryId", subcategory_id as "subcategoryId", case when unit = 'kg' then 1000 else coalesce(weight_g, 0) end as "weightG", unit from products`,
  );
  const products = new Map(productRows.map((p) => [p.id, p]));
  const warehouseRows = await queryRows<{ id: number; code: string | null; lat: number | null; lng: number | null; address: string }>(
    db,
    sql`select w.id, rg.code, w.lat, w.lng, w.address from warehouses w left join regions rg on rg.id = w.region_id where w.active order by w.id`,
  );
  if (!warehouseRows.length) return;
  const batchRows = await queryRows<{
    id: number;
    productId: number;
    warehouseId: number;
    receivedOn: string;
    expiryDate: string;
    status: string;
    basePrice: number;
    received: number;
    onHand: number;
    reserved: number;
    writtenOff: number;
  }>(
    db,
    sql`select b.id, b.product_id as "productId", b.warehouse_id as "warehouseId", b.received_on::text as "receivedOn", b.expiry_date::text as "expiryDate", b.status,
          b.base_price::float8 as "basePrice", b.received_quantity as received, b.on_hand as "onHand", b.reserved,
          coalesce(w.quantity, 0)::int as "writtenOff"
        from batches b join products p on p.id = b.product_id
        left join (select batch_id, sum(quantity) as quantity from write_offs group by batch_id) w on w.batch_id = b.id
        where p.active order by b.received_on, b.id`,
  );
  const batchesOf = new Map<number, Batch[]>();
  for (const b of batchRows) {
    const list = batchesOf.get(b.warehouseId) ?? [];
    list.push({
      id: b.id,
      productId: b.productId,
      warehouseId: b.warehouseId,
      receivedOn: b.receivedOn,
      expiryDate: b.expiryDate,
      available: b.status === 'available',
      basePrice: Number(b.basePrice),
      sold: Math.max(0, b.received - b.onHand - b.writtenOff),
      free: b.onHand - b.reserved,
    });
    batchesOf.set(b.warehouseId, list);
  }
  // a warehouse of the client's region; else the nearest one (Khorezm is served from Bukhara, not Tashkent)
  const located = warehouseRows.filter((w) => w.lat !== null && w.lng !== null);
  const warehouseOf = (org: Org) => {
    const own = warehouseRows.filter((w) => w.code !== null && w.code === org.regionCode);
    if (own.length) return own[org.id % own.length]!.id;
    if (org.lat === null || org.lng === null || !located.length) return warehouseRows[0]!.id;
    const at = { lat: org.lat, lng: org.lng };
    return located.reduce((best, w) => (distanceMeters(at, { lat: w.lat!, lng: w.lng! }) < distanceMeters(at, { lat: best.lat!, lng: best.lng! }) ? w : best))
      .id;
  };
  const managerOf = (agentId: number) => userRows.find((u) => u.id === agentId)?.managerId ?? boss ?? operator;

  // ---- the orders, day by day
  const orders: DemoOrder[] = [];
  const workingDays: string[] = [];
  for (let day = -364; day <= 0; day++) {
    const date = addDays(today, day);
    if (new Date(`${date}T12:00:00Z`).getUTCDay() !== 0) workingDays.push(date);
  }
  let latestTurn = 0;
  let previousTurn = 0;
  for (const [index, date] of workingDays.entries()) {
    const rank = workingDays.length - 1 - index;
    for (const agent of agents) {
      const wholesale = agent.login === 'wholesale';
      // the last two days: enough orders to go through every status of the turns above, a full desk for the operator
      const count = rank === 0 ? 5 : rank === 1 ? 4 : r.int(1, 3);
      const dayVisits = [...(visitsOfDay.get(`${agent.id}|${date}`) ?? [])];
      for (let k = 0; k < count; k++) {
        let org: Org | undefined;
        let visitId: number | null = null;
        let created: Date;
        if (!wholesale && dayVisits.length && r.next() < onVisitShare) {
          const visit = dayVisits.splice(r.int(0, dayVisits.length - 1), 1)[0]!;
          org = visit.org;
          visitId = visit.id;
          created = new Date(visit.completedAt.getTime() - r.int(1, 8) * minute);
        } else {
          org = r.pick(pools.get(agent.id) ?? []);
          created = at(date, r.int(9 * 60, 18 * 60));
        }
        if (!org) continue;
        const clientType: ClientType = wholesale ? 'wholesale' : (org.clientType ?? 'retail');
        const paymentVariant: PaymentVariant = org.paymentVariant ?? r.pick<PaymentVariant>(['cash', 'bankTransfer', 'bankTransfer', 'deferred', 'card']);
        const prepaymentPercent =
          paymentVariant === 'deferred' ? 0 : r.pick([settings.prepaymentPercent, settings.prepaymentPercent, settings.prepaymentPercent, 50, 100, 0]);
        let target: OrderStatus | null = null;
        if (rank === 0) target = latestDayStatuses[latestTurn++ % latestDayStatuses.length]!;
        if (rank === 1) target = previousDayStatuses[previousTurn++ % previousDayStatuses.length]!;
        const order: DemoOrder = {
          id: 0,
          org,
          agentId: agent.id,
          visitId,
          warehouseId: warehouseOf(org),
          clientType,
          paymentVariant,
          prepaymentPercent,
          markupPercent: r.next() < 0.08 ? r.pick([10, 15, 18, 25]) : null,
          comment: r.pick(orderComments),
          steps: [],
          status: 'new',
          lines: [],
          stock: 'none',
          operatorId: null,
          paid: 0,
        };
        order.steps = timeline(order, created, target);
        order.status = order.steps.at(-1)!.to;
        orders.push(order);
      }
    }
  }

  /** The status path of an order from its creation, each step by its actor; cut at `target` (the last two days) or at now. */
  function timeline(order: DemoOrder, created: Date, target: OrderStatus | null): Step[] {
    const agentId = order.agentId;
    const steps: Step[] = [{ to: 'new', at: created, by: agentId, reason: null }];
    let t = created.getTime();
    const add = (to: OrderStatus, by: number, minutes: number, reason: string | null = null) => {
      t += minutes * minute;
      steps.push({ to, at: new Date(t), by, reason });
    };
    const agreement = r.next() < 0.08 || target === 'under_agreement';
    const cancelled = target === 'cancelled' || (target === null && r.next() < 0.07);
    const path: OrderStatus[] = ['new'];
    if (r.next() < 0.85) path.push('sent_for_review');
    path.push('in_processing');
    if (agreement) path.push('under_agreement');
    path.push('approved_for_shipment', 'in_assembly', 'assembled', 'ready_for_shipment', 'shipped', 'delivered');
    // a debtor's order stays delivered; most are paid (completed) within days or weeks
    const payDays = r.next() < 0.12 && target !== 'completed' ? null : r.next() < 0.75 ? r.int(1, 25) : r.int(26, 70);
    if (payDays !== null) path.push('completed');
    let end = path.length - 1;
    if (target && target !== 'cancelled') end = Math.max(0, path.indexOf(target));
    if (cancelled) end = r.int(0, path.indexOf('ready_for_shipment'));
    const manager = managerOf(agentId)!;
    for (let i = 1; i <= end; i++) {
      const to = path[i]!;
      if (to === 'sent_for_review') add(to, agentId, r.int(2, 40));
      else if (to === 'in_processing') add(to, operator!, r.int(10, 150));
      else if (to === 'under_agreement') add(to, operator!, r.int(5, 40));
      else if (to === 'approved_for_shipment')
        add(to, path[i - 1] === 'under_agreement' ? manager : operator!, path[i - 1] === 'under_agreement' ? r.int(60, 600) : r.int(10, 90));
      else if (to === 'in_assembly') {
        // the warehouse assembles the next morning, or the same afternoon when approved before noon
        const day = businessDate(new Date(t));
        const minutesOfDay = (t - at(day, 0).getTime()) / minute;
        if (minutesOfDay < 12 * 60) add(to, storekeeper!, r.int(30, 120));
        else {
          let next = addDays(day, 1);
          if (new Date(`${next}T12:00:00Z`).getUTCDay() === 0) next = addDays(next, 1);
          t = at(next, r.int(8 * 60 + 30, 10 * 60)).getTime();
          steps.push({ to, at: new Date(t), by: storekeeper!, reason: null });
        }
      } else if (to === 'assembled') add(to, storekeeper!, r.int(40, 180));
      else if (to === 'ready_for_shipment') add(to, storekeeper!, r.int(10, 60));
      else if (to === 'shipped') add(to, storekeeper!, r.int(15, 120));
      else if (to === 'delivered') add(to, operator!, r.int(60, 360));
      else if (to === 'completed') add(to, operator!, payDays! * 1440 + r.int(0, 240));
    }
    if (cancelled) {
      const from = path[end]!;
      const by = from === 'new' ? agentId : from === 'under_agreement' && r.next() < 0.5 ? manager : operator!;
      const reasons = from === 'new' ? agentCancelReasons : by === operator ? operatorCancelReasons : managerCancelReasons;
      add('cancelled', by, r.int(10, from === 'new' ? 120 : 600), r.pick(reasons));
    }
    if (target) {
      // the last two days: squeeze the path into the time up to now
      const last = steps.at(-1)!.at.getTime();
      if (last > limit) {
        const first = Math.min(created.getTime(), limit - (steps.length + 1) * 7 * minute);
        const span = Math.max(1, last - created.getTime());
        for (const s of steps) s.at = new Date(first + ((s.at.getTime() - created.getTime()) / span) * (limit - first) - r.int(0, 3) * 1000);
        steps[0]!.at = new Date(first);
        for (let i = 1; i < steps.length; i++) if (steps[i]!.at <= steps[i - 1]!.at) steps[i]!.at = new Date(steps[i - 1]!.at.getTime() + 1000);
      }
      return steps;
    }
    // older orders: what has happened by now
    return steps.filter((s, i) => i === 0 || s.at.getTime() <= limit);
  }

  // ---- in time order: ids and numbers sequential; stock taken as it went
  orders.sort((a, b) => a.steps[0]!.at.getTime() - b.steps[0]!.at.getTime());
  const consumingStatuses: OrderStatus[] = ['shipped', 'delivered', 'completed'];
  const minReservableExpiry = addDays(today, 30);
  for (const [index, order] of orders.entries()) {
    order.id = index + 1;
    order.stock = consumingStatuses.includes(order.status) ? 'consume' : reservingOrderStatuses.includes(order.status) ? 'reserve' : 'none';
    const date = businessDate(order.steps[0]!.at);
    const list = batchesOf.get(order.warehouseId) ?? [];
    // batches received by the order's date: a prefix of the list (sorted by receipt)
    let received = list.length;
    while (received > 0 && list[received - 1]!.receivedOn > date) received--;
    if (!received) continue;
    const wanted = order.clientType === 'wholesale' ? r.int(5, 14) : r.int(2, 8);
    const taken = new Set<number>();
    for (let attempt = 0; attempt < wanted * 8 && order.lines.length < wanted; attempt++) {
      const b = list[r.int(0, received - 1)]!;
      if (taken.has(b.productId) || b.expiryDate <= date) continue;
      const room =
        order.stock === 'consume' ? b.sold : order.stock === 'reserve' ? (b.available && b.expiryDate >= minReservableExpiry ? b.free : 0) : Infinity;
      const asked = r.pick([2, 3, 5, 5, 10, 10, 10, 20, 30]) * (order.clientType === 'wholesale' ? r.pick([3, 5, 10]) : 1);
      const quantity = Math.min(asked, room);
      if (quantity <= 0) continue;
      if (order.stock === 'consume') b.sold -= quantity;
      if (order.stock === 'reserve') b.free -= quantity;
      taken.add(b.productId);
      const product = products.get(b.productId)!;
      const markupPercent = order.markupPercent ?? resolveMarkup(settings, order.clientType, product);
      const priced = pricePosition({ basePrice: b.basePrice, quantity, markupPercent, vatPercent });
      order.lines.push({
        productId: b.productId,
        batchId: b.id,
        quantity,
        basePrice: priced.basePrice,
        basePriceWithVat: priced.basePriceWithVat,
        markupBp: percentToBp(markupPercent),
        vatBp: percentToBp(vatPercent),
        salePrice: priced.salePrice,
        sumBase: priced.sumBase,
        sumBaseWithVat: priced.sumBaseWithVat,
        sumSale: priced.sumSale,
      });
    }
    // FEFO order of the positions as the order screen shows them: by product
    order.lines.sort((a, b) => a.productId - b.productId);
  }
  const placed = orders.filter((o) => o.lines.length > 0);
  placed.forEach((o, i) => (o.id = i + 1));

  // ---- deliveries: the last three months' shipments and today's work
  const cars = await queryRows<{ id: number; courierId: number | null; capacityKg: number; capacityBoxes: number; plate: string }>(
    db,
    sql`select id, courier_id as "courierId", capacity_kg as "capacityKg", capacity_boxes as "capacityBoxes", plate from cars where active order by id`,
  );
  const boxesOf = (o: DemoOrder) => Math.max(1, Math.ceil(o.lines.reduce((s, l) => s + l.quantity, 0) / 60));
  const weightOf = (o: DemoOrder) => o.lines.reduce((s, l) => s + l.quantity * (products.get(l.productId)?.weightG ?? 0), 0);
  const deliveryOf = (o: DemoOrder): { status: DeliveryStatus; date: string } | null => {
    const stepAt = (s: OrderStatus) => o.steps.find((x) => x.to === s)?.at;
    switch (o.status) {
      case 'approved_for_shipment':
        // some wait for the operator's wizard, the rest are planned for today
        return o.id % 3 === 0 ? null : { status: 'planned', date: today };
      case 'in_assembly':
      case 'assembled':
        return { status: 'in_assembly', date: today };
      case 'ready_for_shipment':
        return { status: 'ready', date: today };
      case 'shipped':
        return { status: 'on_the_way', date: businessDate(stepAt('shipped')!) };
      case 'delivered':
      case 'completed': {
        const shipped = businessDate(stepAt('shipped')!);
        return daysBetween(shipped, today) <= demoDeliveryDays ? { status: 'completed', date: shipped } : null;
      }
      default:
        return null;
    }
  };
  const groups = new Map<string, DemoOrder[]>();
  for (const o of placed) {
    const d = deliveryOf(o);
    if (!d) continue;
    // one delivery goes to one region
    const key = `${d.date}|${o.warehouseId}|${d.status}|${o.org.regionCode ?? ''}`;
    groups.set(key, [...(groups.get(key) ?? []), o]);
  }
  interface DemoDelivery {
    id: number;
    date: string;
    status: DeliveryStatus;
    warehouseId: number;
    type: DeliveryType;
    courierId: number;
    carId: number | null;
    address: string;
    orders: DemoOrder[];
    route: DemoOrder[];
    boxCount: number;
    pricePerBox: number;
    pricePerKm: number;
    distanceM: number;
    weightG: number;
    cost: number;
    createdAt: Date;
    completedAt: Date | null;
  }
  const demoDeliveries: DemoDelivery[] = [];
  for (const [key, list] of groups) {
    const [date, warehouseText, status] = key.split('|') as [string, string, DeliveryStatus];
    const warehouse = warehouseRows.find((w) => w.id === Number(warehouseText))!;
    const samarkand = warehouse.code === 'SA' && courierSamarkand !== null;
    const courierId = samarkand ? courierSamarkand! : courierTashkent;
    for (let i = 0; i < list.length;) {
      let size = Math.min(list.length - i, r.int(3, 7));
      // no lone order left behind for a delivery of its own
      if (list.length - i - size === 1) size += 1;
      const chunk = list.slice(i, i + size);
      i += size;
      const boxCount = chunk.reduce((s, o) => s + boxesOf(o), 0);
      const weightG = chunk.reduce((s, o) => s + weightOf(o), 0);
      const own = cars.find((c) => c.courierId === courierId && c.capacityBoxes >= boxCount && c.capacityKg * 1000 >= weightG);
      const any = cars.find((c) => (c.courierId === null || c.courierId === courierId) && c.capacityBoxes >= boxCount && c.capacityKg * 1000 >= weightG);
      const car = own ?? any ?? null;
      const type: DeliveryType = car && (boxCount > 6 || r.next() < 0.7) ? 'car' : 'ownCourier';
      const start = warehouse.lat !== null && warehouse.lng !== null ? { lat: warehouse.lat, lng: warehouse.lng } : null;
      const located = chunk.filter((o) => o.org.lat !== null && o.org.lng !== null);
      const unlocated = chunk.filter((o) => o.org.lat === null || o.org.lng === null);
      let route = chunk;
      let distanceM = 0;
      if (located.length) {
        const planned = planRoute(
          start ?? { lat: located[0]!.org.lat!, lng: located[0]!.org.lng! },
          located.map((o) => ({ lat: o.org.lat!, lng: o.org.lng! })),
        );
        route = [...planned.order.map((k) => located[k]!), ...unlocated];
        distanceM = Math.round(planned.lengthM);
      }
      const pricePerBox = r.pick([250_000, 300_000, 300_000, 400_000]);
      const pricePerKm = type === 'car' ? r.pick([200_000, 250_000, 300_000]) : 0;
      const approvedAt = Math.max(...chunk.map((o) => (o.steps.find((s) => s.to === 'approved_for_shipment') ?? o.steps.at(-1)!).at.getTime()));
      const deliveredTimes = chunk.map((o) => o.steps.find((s) => s.to === 'delivered')?.at.getTime() ?? 0);
      demoDeliveries.push({
        id: 0,
        date,
        status,
        warehouseId: warehouse.id,
        type,
        courierId,
        carId: type === 'car' ? car!.id : null,
        address: route[0]!.org.address,
        orders: chunk,
        route,
        boxCount,
        pricePerBox,
        pricePerKm,
        distanceM,
        weightG,
        cost: deliveryCost({ boxCount, pricePerBox, distanceM, pricePerKm }),
        createdAt: new Date(Math.min(approvedAt + r.int(5, 60) * minute, limit)),
        completedAt: status === 'completed' ? new Date(Math.max(...deliveredTimes)) : null,
      });
      // the courier delivers: the delivered step is the courier's; a few clients take part of the order or refuse it at the door
      for (const o of chunk) {
        const step = o.steps.find((s) => s.to === 'delivered');
        if (!step) continue;
        step.by = courierId;
        const roll = r.next();
        if (roll < 0.03) refuse(o, step, courierId);
        else if (roll < 0.07 && o.lines.length > 1) deliverPartly(o);
      }
    }
  }
  /** As refuseStop: the order cancelled by the courier with the reason (shipped → cancelled), its positions back on their batches. */
  function refuse(o: DemoOrder, delivered: Step, courierId: number) {
    o.outcome = 'refused';
    o.shippedLines = o.lines;
    o.returns = o.lines.map((l) => ({ productId: l.productId, batchId: l.batchId, quantity: l.quantity, salePrice: l.salePrice }));
    const shipped = o.steps.findIndex((s) => s.to === 'shipped');
    o.steps = [...o.steps.slice(0, shipped + 1), { to: 'cancelled', at: delivered.at, by: courierId, reason: r.pick(refusalReasons) }];
    o.status = 'cancelled';
  }
  /** As deliverPartly: one or two positions taken in part (repriced) or not at all, the rest back on their batches. */
  function deliverPartly(o: DemoOrder) {
    o.outcome = 'partial';
    o.shippedLines = o.lines;
    o.returns = [];
    const cut = new Set([r.int(0, o.lines.length - 1), r.int(0, o.lines.length - 1)]);
    const kept: Line[] = [];
    for (const [i, l] of o.lines.entries()) {
      const quantity = cut.has(i) ? Math.floor(l.quantity / 2) : l.quantity;
      if (quantity < l.quantity) o.returns.push({ productId: l.productId, batchId: l.batchId, quantity: l.quantity - quantity, salePrice: l.salePrice });
      if (quantity === 0) continue;
      const priced = pricePosition({ basePrice: l.basePrice, quantity, markupPercent: l.markupBp / 100, vatPercent: l.vatBp / 100 });
      kept.push({ ...l, quantity, sumBase: priced.sumBase, sumBaseWithVat: priced.sumBaseWithVat, sumSale: priced.sumSale });
    }
    o.lines = kept;
  }
  demoDeliveries.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  demoDeliveries.forEach((d, i) => (d.id = i + 1));

  // ---- payments: completed orders in full, delivered ones in part or not yet, prepayments before shipment
  for (const o of placed) {
    const totals = priceTotals(o.lines);
    const prepaid = prepaymentAmount(totals.sumSale, o.prepaymentPercent);
    if (o.status === 'completed') o.paid = totals.sumSale;
    else if (o.status === 'delivered') {
      const roll = r.next();
      o.paid = roll < 0.4 ? 0 : roll < 0.7 ? prepaid : Math.floor((totals.sumSale * r.int(20, 90)) / 100 / 100) * 100;
    } else if (['approved_for_shipment', 'in_assembly', 'assembled', 'ready_for_shipment', 'shipped'].includes(o.status)) o.paid = r.next() < 0.6 ? prepaid : 0;
    o.operatorId = o.steps.some((s) => s.by === operator) ? operator : null;
  }

  // ---- write
  await db.transaction(async (tx) => {
    const orderRows = placed.map((o) => {
      const totals = priceTotals(o.lines);
      const shipped = consumingStatuses.includes(o.status);
      return {
        id: o.id,
        number: o.id,
        date: businessDate(o.steps[0]!.at),
        status: o.status,
        organization_id: o.org.id,
        agent_id: o.agentId,
        operator_id: o.operatorId,
        visit_id: o.visitId,
        client_type: o.clientType,
        payment_variant: o.paymentVariant,
        prepayment_bp: percentToBp(o.prepaymentPercent),
        markup_bp: o.markupPercent === null ? null : percentToBp(o.markupPercent),
        vat_bp: percentToBp(vatPercent),
        contract_number: o.clientType === 'wholesale' ? `Д-${2025 + (o.org.id % 2)}/${String(o.org.id).padStart(4, '0')}` : null,
        invoice: shipped ? `СФ-${String(o.id).padStart(6, '0')}` : null,
        delivery_address: o.org.address,
        comment: o.comment,
        operator_comment: o.operatorId ? r.pick(operatorComments) : null,
        refusal_reason: o.status === 'cancelled' ? o.steps.at(-1)!.reason : null,
        sum_base: totals.sumBase,
        sum_base_with_vat: totals.sumBaseWithVat,
        sum_sale: totals.sumSale,
        prepayment_amount: prepaymentAmount(totals.sumSale, o.prepaymentPercent),
        paid: o.paid,
        created_at: o.steps[0]!.at.toISOString(),
        updated_at: o.steps.at(-1)!.at.toISOString(),
      };
    });
    await insertJson(
      tx,
      'orders',
      {
        id: 'int',
        number: 'bigint',
        date: 'date',
        status: 'text',
        organization_id: 'int',
        agent_id: 'int',
        operator_id: 'int',
        visit_id: 'int',
        client_type: 'text',
        payment_variant: 'text',
        prepayment_bp: 'int',
        markup_bp: 'int',
        vat_bp: 'int',
        contract_number: 'text',
        invoice: 'text',
        delivery_address: 'text',
        comment: 'text',
        operator_comment: 'text',
        refusal_reason: 'text',
        sum_base: 'bigint',
        sum_base_with_vat: 'bigint',
        sum_sale: 'bigint',
        prepayment_amount: 'bigint',
        paid: 'bigint',
        created_at: 'timestamptz',
        updated_at: 'timestamptz',
      },
      orderRows,
      2000,
    );
    await insertJson(
      tx,
      'order_positions',
      {
        order_id: 'int',
        product_id: 'int',
        batch_id: 'int',
        quantity: 'int',
        base_price: 'bigint',
        base_price_with_vat: 'bigint',
        markup_bp: 'int',
        vat_bp: 'int',
        sale_price: 'bigint',
        sum_base: 'bigint',
        sum_base_with_vat: 'bigint',
        sum_sale: 'bigint',
      },
      placed.flatMap((o) =>
        o.lines.map((l) => ({
          order_id: o.id,
          product_id: l.productId,
          batch_id: l.batchId,
          quantity: l.quantity,
          base_price: l.basePrice,
          base_price_with_vat: l.basePriceWithVat,
          markup_bp: l.markupBp,
          vat_bp: l.vatBp,
          sale_price: l.salePrice,
          sum_base: l.sumBase,
          sum_base_with_vat: l.sumBaseWithVat,
          sum_sale: l.sumSale,
        })),
      ),
    );
    await insertJson(
      tx,
      'order_status_history',
      { order_id: 'int', from_status: 'text', to_status: 'text', at: 'timestamptz', by_id: 'int', reason: 'text' },
      placed.flatMap((o) =>
        o.steps.map((s, i) => ({
          order_id: o.id,
          from_status: i ? o.steps[i - 1]!.to : null,
          to_status: s.to,
          at: s.at.toISOString(),
          by_id: s.by,
          reason: s.reason,
        })),
      ),
    );
    // the reservations as the reservation service leaves them: active until shipped (consumed) or cancelled (released)
    const reservationRows = placed.flatMap((o) => {
      const close = o.stock === 'consume' ? o.steps.find((s) => s.to === 'shipped')! : o.status === 'cancelled' ? o.steps.at(-1)! : null;
      return (o.shippedLines ?? o.lines).map((l) => ({
        batch_id: l.batchId,
        product_id: l.productId,
        quantity: l.quantity,
        status: o.stock === 'reserve' ? 'active' : o.stock === 'consume' ? 'consumed' : 'released',
        document_type: 'order',
        document_id: String(o.id),
        created_by: o.agentId,
        created_at: o.steps[0]!.at.toISOString(),
        closed_at: close ? close.at.toISOString() : null,
        close_reason: o.stock === 'consume' ? 'shipped' : close ? 'cancelled' : null,
        closed_by: close ? close.by : null,
      }));
    });
    await insertJson(
      tx,
      'reservations',
      {
        batch_id: 'int',
        product_id: 'int',
        quantity: 'int',
        status: 'text',
        document_type: 'text',
        document_id: 'text',
        created_by: 'int',
        created_at: 'timestamptz',
        closed_at: 'timestamptz',
        close_reason: 'text',
        closed_by: 'int',
      },
      reservationRows,
    );
    // the batches' reserved counters follow the active reservations; on hand already is what is left after the year's sales
    await tx.execute(sql`update batches b set reserved = b.reserved + x.quantity
      from (select batch_id, sum(quantity)::int as quantity from reservations where status = 'active' and document_type = 'order' group by batch_id) x where x.batch_id = b.id`);

    const stopIds = new Map<number, number>();
    await insertJson(
      tx,
      'deliveries',
      {
        id: 'int',
        number: 'bigint',
        date: 'date',
        type: 'text',
        status: 'text',
        warehouse_id: 'int',
        courier_id: 'int',
        car_id: 'int',
        address: 'text',
        box_count: 'int',
        price_per_box: 'bigint',
        price_per_km: 'bigint',
        distance_m: 'int',
        weight_g: 'bigint',
        cost: 'bigint',
        created_by: 'int',
        created_at: 'timestamptz',
        completed_at: 'timestamptz',
      },
      demoDeliveries.map((d) => ({
        id: d.id,
        number: d.id,
        date: d.date,
        type: d.type,
        status: d.status,
        warehouse_id: d.warehouseId,
        courier_id: d.courierId,
        car_id: d.carId,
        address: d.address,
        box_count: d.boxCount,
        price_per_box: d.pricePerBox,
        price_per_km: d.pricePerKm,
        distance_m: d.distanceM,
        weight_g: d.weightG,
        cost: d.cost,
        created_by: operator,
        created_at: d.createdAt.toISOString(),
        completed_at: d.completedAt?.toISOString() ?? null,
      })),
    );
    await insertJson(
      tx,
      'delivery_stops',
      {
        id: 'int',
        delivery_id: 'int',
        refusal_reason: 'text',
        order_id: 'int',
        sequence: 'int',
        lat: 'float8',
        lng: 'float8',
        status: 'text',
        recipient_name: 'text',
        proof_lat: 'float8',
        proof_lng: 'float8',
        proof_accuracy: 'float8',
        proof_distance_m: 'int',
        delivered_at: 'timestamptz',
        delivered_by: 'int',
      },
      demoDeliveries.flatMap((d) =>
        d.route.map((o, i) => {
          const delivered = o.steps.find((s) => s.to === 'delivered' || (o.outcome === 'refused' && s.to === 'cancelled'));
          stopIds.set(o.id, stopIds.size + 1);
          const proof =
            delivered && o.org.lat !== null && o.org.lng !== null ? movePoint({ lat: o.org.lat, lng: o.org.lng! }, r.int(3, 60), r.int(0, 359)) : null;
          return {
            id: stopIds.get(o.id),
            delivery_id: d.id,
            order_id: o.id,
            sequence: i + 1,
            lat: o.org.lat,
            lng: o.org.lng,
            status: delivered ? (o.outcome ?? 'delivered') : 'pending',
            refusal_reason: o.outcome === 'refused' ? delivered!.reason : null,
            recipient_name: delivered && o.outcome !== 'refused' ? `${r.pick(recipients)} (${o.org.responsible})` : null,
            proof_lat: proof?.lat ?? null,
            proof_lng: proof?.lng ?? null,
            proof_accuracy: proof ? r.int(5, 35) : null,
            proof_distance_m: proof ? Math.round(distanceMeters(proof, { lat: o.org.lat!, lng: o.org.lng! })) : null,
            delivered_at: delivered?.at.toISOString() ?? null,
            delivered_by: delivered ? d.courierId : null,
          };
        }),
      ),
    );
    // what came back from the stops: as the stop outcomes record it (on hand already holds it: the stock seed's is what is left now)
    await insertJson(
      tx,
      'delivery_returns',
      { stop_id: 'int', order_id: 'int', product_id: 'int', batch_id: 'int', quantity: 'int', sale_price: 'bigint', at: 'timestamptz' },
      placed.flatMap((o) =>
        (o.returns ?? [])
          .filter(() => stopIds.has(o.id))
          .map((x) => ({
            stop_id: stopIds.get(o.id),
            order_id: o.id,
            product_id: x.productId,
            batch_id: x.batchId,
            quantity: x.quantity,
            sale_price: x.salePrice,
            at: (o.steps.find((s) => s.to === 'delivered') ?? o.steps.at(-1)!).at.toISOString(),
          })),
      ),
    );
    for (const table of ['orders', 'order_positions', 'order_status_history', 'reservations', 'deliveries', 'delivery_stops', 'delivery_returns'])
      await setSequence(tx, table);
    // what was paid is recorded as payments (one per order: prepayment, settlement), as the desk records them
    await tx.execute(sql`insert into payments (order_id, organization_id, amount, paid_on, method, comment, recorded_by_id, created_at)
      select o.id, o.organization_id, o.paid, p.paid_on,
             case o.payment_variant when 'cash' then 'cash' when 'card' then 'card' else 'bankTransfer' end,
             null, ${operator}, p.paid_on::timestamp + interval '11 hours'
        from orders o
        cross join lateral (select least(coalesce(
             (select h.at::date from order_status_history h where h.order_id = o.id and h.to_status = 'completed' order by h.at desc limit 1),
             (select h.at::date from order_status_history h where h.order_id = o.id and h.to_status = 'delivered' order by h.at desc limit 1),
             o.date), ${today}::date) as paid_on) p
       where o.paid > 0`);
    await tx.execute(sql`select setval('order_number_seq', coalesce((select max(number) from orders), 0) + 1, false)`);
    await tx.execute(sql`select setval('delivery_number_seq', coalesce((select max(number) from deliveries), 0) + 1, false)`);
    await tx.execute(sql`analyze orders`);
  });
}
