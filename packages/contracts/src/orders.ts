import type { Role } from './common/permissions.js';

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
 * reason); the agent may withdraw only a new order. completed, cancelled and unknown are final.
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
  shipped: { delivered: ['courier', 'operator'] },
  delivered: { completed: ['operator', 'system'] },
  completed: {},
  cancelled: {},
  unknown: {},
};

export function canTransitionOrder(from: OrderStatus, to: OrderStatus, actor: OrderActor): boolean {
  return orderTransitions[from][to]?.includes(actor) ?? false;
}

/** Whether any of a role's parts may make the move. */
export function roleCanTransitionOrder(role: Role, from: OrderStatus, to: OrderStatus): boolean {
  return orderActorsOfRole[role].some((actor) => canTransitionOrder(from, to, actor));
}

/** The moves a role may make from a status (the action buttons of /orders-item). */
export function nextOrderStatuses(role: Role, from: OrderStatus): OrderStatus[] {
  return orderStatuses.filter((to) => roleCanTransitionOrder(role, from, to));
}

/** Refusing shipment needs a reason (spec §5): any cancellation after the order left 'new'. */
export const orderMoveNeedsReason = (from: OrderStatus, to: OrderStatus): boolean => to === 'cancelled' && from !== 'new';

/** Positions, prices and terms can change only before shipment is allowed; the agent edits only a new order. */
export const editableOrderStatuses: readonly OrderStatus[] = ['new', 'sent_for_review', 'in_processing', 'under_agreement'];
/** Stock stays reserved from creation to shipment (consumed) or cancellation (released). */
export const reservingOrderStatuses: readonly OrderStatus[] = ['new', 'sent_for_review', 'in_processing', 'under_agreement', 'approved_for_shipment', 'in_assembly', 'assembled', 'ready_for_shipment'];
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
