import { z } from 'zod';
import type { Permission, Role } from './common/permissions.js';
import { pageQuery, paged } from './common/paging.js';
import { optionalText, requiredText, recordId, queryId } from './common/validation.js';
import { calendarDate, dateRangeFields, endNotBeforeStart } from './common/dates.js';
import { clientTypeSchema, maxMarkupPercent, maxPrepaymentPercent, percent, quantity } from './pricing.js';
import { paymentVariants } from './organizations.js';
import { creditRefusals } from './payments.js';

/** Order statuses (spec §4); 'unknown' is the fallback for a value the client does not know. */
export const orderStatuses = [
  'new',
  'sent_for_review',
  'in_processing',
  'under_agreement',
  'approved_for_shipment',
  'in_assembly',
  'assembled',
  'ready_for_shipment',
  'shipped',
  'delivered',
  'completed',
  'cancelled',
  'unknown',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];
/** Any value outside the list reads as 'unknown'. */
export const toOrderStatus = (value: string): OrderStatus => ((orderStatuses as readonly string[]).includes(value) ? (value as OrderStatus) : 'unknown');

/**
 * Who moves an order: its agent (the rep or wholesale employee who took it), the operator's desk,
 * a manager (chief, boss) agreeing an order above the client's credit limit, the warehouse, the
 * courier, and the system.
 */
export const orderActors = ['agent', 'operator', 'manager', 'warehouse', 'courier', 'system'] as const;
export type OrderActor = (typeof orderActors)[number];

/** The parts a role plays on orders; an administrator stands in for every desk. */
export const orderActorsOfRole: Record<Role, readonly OrderActor[]> = {
  admin: ['operator', 'manager', 'warehouse', 'courier'],
  operator: ['operator'],
  chief: ['manager'],
  boss: ['manager'],
  rep: ['agent'],
  wholesale: ['agent'],
  employee: ['warehouse'],
  courier: ['courier'],
};

/**
 * THE state machine of an order (spec §4 names the statuses, not the moves). The money path:
 * the agent sends a new order for review; the operator takes it into processing, sends an order
 * above the client's credit limit for agreement (a manager or the operator approves it), and
 * allows shipment; the warehouse assembles and ships it; the courier delivers it; the operator
 * completes it once settled. Until it is shipped the operator may refuse shipment (cancel, with a
 * reason); the agent may withdraw only a new order; the client may refuse a shipped order at the door
 * (the courier cancels it, with a reason, and the goods go back to stock). completed, cancelled and
 * unknown are final.
 */
export const orderTransitions: Record<OrderStatus, Partial<Record<OrderStatus, readonly OrderActor[]>>> = {
  new: { sent_for_review: ['agent', 'operator'], in_processing: ['operator'], cancelled: ['agent', 'operator'] },
  sent_for_review: { in_processing: ['operator'], under_agreement: ['operator'], approved_for_shipment: ['operator'], cancelled: ['operator'] },
  in_processing: { under_agreement: ['operator'], approved_for_shipment: ['operator'], cancelled: ['operator'] },
  under_agreement: { in_processing: ['operator'], approved_for_shipment: ['operator', 'manager'], cancelled: ['operator', 'manager'] },
  approved_for_shipment: { in_assembly: ['warehouse'], cancelled: ['operator'] },
  in_assembly: { assembled: ['warehouse'], cancelled: ['operator'] },
  assembled: { ready_for_shipment: ['warehouse'], cancelled: ['operator'] },
  ready_for_shipment: { shipped: ['warehouse'], cancelled: ['operator'] },
  shipped: { delivered: ['courier', 'operator'], cancelled: ['courier'] },
  delivered: { completed: ['operator', 'system'] },
  completed: {},
  cancelled: {},
  unknown: {},
};

export function canTransitionOrder(from: OrderStatus, to: OrderStatus, actor: OrderActor): boolean {
  return orderTransitions[from][to]?.includes(actor) ?? false;
}

/**
 * The right a part needs on top of its role (an administrator may take a right away in Settings →
 * Roles and rights): the desk's moves need orders.edit, the warehouse's and the courier's logistics.edit.
 */
export const orderActorRight: Record<OrderActor, Permission> = {
  agent: 'orders.edit',
  operator: 'orders.edit',
  manager: 'orders.edit',
  warehouse: 'logistics.edit',
  courier: 'logistics.edit',
  system: 'orders.edit',
};

/** The parts of a role that may make the move and hold the right it needs. */
export function orderMoveParts(role: Role, grants: readonly string[], from: OrderStatus, to: OrderStatus): OrderActor[] {
  return orderActorsOfRole[role].filter((part) => canTransitionOrder(from, to, part) && grants.includes(orderActorRight[part]));
}

/** Whether any of a role's parts may make the move. */
export function roleCanTransitionOrder(role: Role, from: OrderStatus, to: OrderStatus): boolean {
  return orderActorsOfRole[role].some((actor) => canTransitionOrder(from, to, actor));
}

/** The moves a role may make from a status on the order itself (the action buttons of /orders-item): not those its delivery makes. */
export function nextOrderStatuses(role: Role, from: OrderStatus): OrderStatus[] {
  return orderStatuses.filter((to) => roleCanTransitionOrder(role, from, to) && !orderMoveByDelivery(from, to));
}

/**
 * Deliveries drive orders (decision 012): the warehouse's moves — approved for shipment → in assembly →
 * assembled → ready for shipment → shipped — are made only by the steps of the delivery the order
 * travels in, never for one order alone. An order moved past approval outside a delivery would be
 * stranded: gone from the shipments wizard, with no courier to deliver it (decision 020).
 */
export const orderMoveByDelivery = (from: OrderStatus, to: OrderStatus): boolean => orderTransitions[from][to]?.includes('warehouse') ?? false;

/**
 * Who plans deliveries (the shipments wizard, a delivery's stops and car): the parts of the desk and the
 * warehouse, with the right logistics.edit. Couriers hold that right too, for their stops, but plan nothing.
 */
export const deliveryPlannerParts: readonly OrderActor[] = ['operator', 'warehouse'];
export const plansDeliveries = (role: Role): boolean => orderActorsOfRole[role].some((part) => deliveryPlannerParts.includes(part));

/** Refusing shipment needs a reason (spec §5): any cancellation after the order left 'new'. */
export const orderMoveNeedsReason = (from: OrderStatus, to: OrderStatus): boolean => to === 'cancelled' && from !== 'new';

/** Positions, prices and terms can change only before shipment is allowed; the agent edits only a new order. */
export const editableOrderStatuses: readonly OrderStatus[] = ['new', 'sent_for_review', 'in_processing', 'under_agreement'];
/** Stock stays reserved from creation to shipment (consumed) or cancellation (released). */
export const reservingOrderStatuses: readonly OrderStatus[] = [
  'new',
  'sent_for_review',
  'in_processing',
  'under_agreement',
  'approved_for_shipment',
  'in_assembly',
  'assembled',
  'ready_for_shipment',
];
/** From approval on, an order travels in a delivery (decision 012): approved for shipment to completed. */
export const deliveryOrderStatuses: readonly OrderStatus[] = orderStatuses.slice(
  orderStatuses.indexOf('approved_for_shipment'),
  orderStatuses.indexOf('completed') + 1,
);
/** Delivered and not yet settled: counts towards the organization's debt. */
export const debtOrderStatuses: readonly OrderStatus[] = ['delivered'];

/** The steps of /orders-item: the usual path of an order, from new to completed. */
export const orderSteps: readonly OrderStatus[] = [
  'new',
  'sent_for_review',
  'in_processing',
  'approved_for_shipment',
  'in_assembly',
  'assembled',
  'ready_for_shipment',
  'shipped',
  'delivered',
  'completed',
];

// ---------------------------------------------------------------- bodies

/**
 * One line of an order: FEFO allocates the batches (series, expiry) on the server. The markup is the
 * order's, else the settings' for the client type and the product, unless the line sets its own.
 */
export const orderLineBody = z.object({ productId: recordId(), quantity, markupPercent: percent(maxMarkupPercent).optional() });
export type OrderLineBody = z.infer<typeof orderLineBody>;

const uniqueProducts = (lines: readonly { productId: number }[]) => new Set(lines.map((l) => l.productId)).size === lines.length;

/**
 * Create an order (/add-order-new, /add-orders): client type, payment variant and prepayment
 * default to the organization's terms and the trade settings; the markup to the settings per
 * product. Retried safely with the `Idempotency-Key` header.
 */
export const createOrderBody = z.object({
  organizationId: recordId(),
  /** the visit the order was taken on (confirms that visit's reservations) */
  visitId: recordId().nullable().optional(),
  clientType: clientTypeSchema.optional(),
  paymentVariant: z.enum(paymentVariants).optional(),
  prepaymentPercent: percent(maxPrepaymentPercent).optional(),
  markupPercent: percent(maxMarkupPercent).optional(),
  deliveryAddress: requiredText(300),
  contractNumber: optionalText(64),
  comment: optionalText(1000),
  positions: z.array(orderLineBody).min(1, { error: 'required' }).max(300).refine(uniqueProducts, { error: 'productTwice' }),
});
export type CreateOrderBody = z.input<typeof createOrderBody>;

/**
 * Edit an order (/orders-item-edit, /drugs-table-edit): its terms and its whole list of lines. The
 * server releases the order's reservations and reserves the lines again by FEFO in one transaction,
 * so the positions, prices and totals are always those of the stock actually held. The agent edits
 * only a new order and not below the settings' prepayment; the operator's desk while it is editable.
 */
export const editOrderBody = z.object({
  clientType: clientTypeSchema,
  paymentVariant: z.enum(paymentVariants),
  prepaymentPercent: percent(maxPrepaymentPercent),
  markupPercent: percent(maxMarkupPercent).nullable(),
  deliveryAddress: requiredText(300),
  contractNumber: optionalText(64),
  comment: optionalText(1000),
  operatorComment: optionalText(1000),
  positions: z.array(orderLineBody).min(1, { error: 'required' }).max(300).refine(uniqueProducts, { error: 'productTwice' }),
});
export type EditOrderBody = z.input<typeof editOrderBody>;

/**
 * Price lines as creating or saving would — FEFO batches, markups, VAT — and keep nothing: the live
 * totals of /add-order-new and /orders-item-edit. When editing, the order's own stock counts as free.
 */
export const quoteOrderBody = z.object({
  organizationId: recordId(),
  orderId: recordId().optional(),
  clientType: clientTypeSchema.optional(),
  markupPercent: percent(maxMarkupPercent).nullable().optional(),
  prepaymentPercent: percent(maxPrepaymentPercent).optional(),
  positions: z.array(orderLineBody).min(1, { error: 'required' }).max(300).refine(uniqueProducts, { error: 'productTwice' }),
});
export type QuoteOrderBody = z.input<typeof quoteOrderBody>;

/** A status move; a refusal of shipment needs a reason (spec §5). */
export const moveOrderBody = z.object({
  to: z.enum(orderStatuses),
  reason: optionalText(500),
  /** approving above the credit limit: the reason of a user with the orders.creditOverride right (decision 010) */
  overrideReason: optionalText(500),
});
export type MoveOrderBody = z.infer<typeof moveOrderBody>;
export const changeOrderDateBody = z.object({ date: calendarDate });
export const replaceCounterpartyBody = z.object({ organizationId: recordId() });

// ---------------------------------------------------------------- answers

/** A position as spec §3 lists it: one batch of a product at its prices (money in tiyin). */
export const orderPosition = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  producerName: z.string().nullable(),
  country: z.string().nullable(),
  batchId: z.number().int(),
  series: z.string(),
  expiryDate: z.string(),
  freeBalance: z.number().int(),
  quantity: z.number().int(),
  basePrice: z.number().int(),
  basePriceWithVat: z.number().int(),
  markupPercent: z.number(),
  vatPercent: z.number(),
  salePrice: z.number().int(),
  sumBaseWithVat: z.number().int(),
  sumSale: z.number().int(),
});
export type OrderPosition = z.infer<typeof orderPosition>;

export const orderSummary = z.object({
  id: z.number().int(),
  number: z.string(),
  date: z.string(),
  status: z.enum(orderStatuses),
  organizationId: z.number().int(),
  organizationName: z.string(),
  agentId: z.number().int(),
  agentName: z.string(),
  operatorId: z.number().int().nullable(),
  operatorName: z.string().nullable(),
  clientType: clientTypeSchema,
  paymentVariant: z.enum(paymentVariants),
  prepaymentPercent: z.number(),
  /** totals in tiyin, always the sums of the positions */
  sumBaseWithVat: z.number().int(),
  sumSale: z.number().int(),
  prepaymentAmount: z.number().int(),
  paid: z.number().int(),
  createdAt: z.string(),
});
export type OrderSummary = z.infer<typeof orderSummary>;

export const order = orderSummary.extend({
  visitId: z.number().int().nullable(),
  contractNumber: z.string().nullable(),
  invoice: z.string().nullable(),
  deliveryAddress: z.string(),
  /** the order's own unpaid sum (sum − paid; 0 once cancelled) — the client's debt is /api/organizations/:id/debt */
  debt: z.number().int(),
  markupPercent: z.number().nullable(),
  vatPercent: z.number(),
  comment: z.string().nullable(),
  operatorComment: z.string().nullable(),
  refusalReason: z.string().nullable(),
  positions: z.array(orderPosition),
  /** every status move, oldest first: the steps of /orders-item */
  history: z.array(
    z.object({ from: z.enum(orderStatuses).nullable(), to: z.enum(orderStatuses), at: z.string(), byName: z.string(), reason: z.string().nullable() }),
  ),
});
export type Order = z.infer<typeof order>;

export const orderQuote = z.object({
  clientType: clientTypeSchema,
  vatPercent: z.number(),
  prepaymentPercent: z.number(),
  positions: z.array(orderPosition.omit({ id: true, productName: true, producerName: true, country: true, freeBalance: true })),
  sumBaseWithVat: z.number().int(),
  sumSale: z.number().int(),
  prepaymentAmount: z.number().int(),
  /** what will stop the approval even once the prepayment is paid (decision 022): the wizard warns of it */
  creditReasons: z.array(z.enum(creditRefusals)),
});
export type OrderQuote = z.infer<typeof orderQuote>;

export const listOrdersQuery = pageQuery
  .extend({
    ...dateRangeFields,
    status: z.enum(orderStatuses).optional(),
    agentId: queryId().optional(),
    organizationId: queryId().optional(),
    regionId: queryId().optional(),
    clientType: clientTypeSchema.optional(),
    /** the orders taken on one visit (/history-visits) */
    visitId: queryId().optional(),
  })
  .refine(endNotBeforeStart, { path: ['to'], error: 'endBeforeStart' });
export const orderList = paged(orderSummary);
