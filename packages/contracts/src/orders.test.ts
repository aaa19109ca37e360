import { describe, expect, it } from 'vitest';
import { roles } from './common/permissions.js';
import { fieldIssues } from './common/validation.js';
import {
  canTransitionOrder,
  createOrderBody,
  moveOrderBody,
  nextOrderStatuses,
  plansDeliveries,
  orderMoveByDelivery,
  orderActors,
  orderMoveNeedsReason,
  orderStatuses,
  roleCanTransitionOrder,
  toOrderStatus,
  type OrderActor,
  type OrderStatus,
} from './orders.js';

/** Every allowed move, written out once more by hand: anything not here must be refused. */
const allowed: [OrderStatus, OrderStatus, OrderActor][] = [
  ['new', 'sent_for_review', 'agent'],
  ['new', 'sent_for_review', 'operator'],
  ['new', 'in_processing', 'operator'],
  ['new', 'cancelled', 'agent'],
  ['new', 'cancelled', 'operator'],
  ['sent_for_review', 'in_processing', 'operator'],
  ['sent_for_review', 'under_agreement', 'operator'],
  ['sent_for_review', 'approved_for_shipment', 'operator'],
  ['sent_for_review', 'cancelled', 'operator'],
  ['in_processing', 'under_agreement', 'operator'],
  ['in_processing', 'approved_for_shipment', 'operator'],
  ['in_processing', 'cancelled', 'operator'],
  ['under_agreement', 'in_processing', 'operator'],
  ['under_agreement', 'approved_for_shipment', 'operator'],
  ['under_agreement', 'approved_for_shipment', 'manager'],
  ['under_agreement', 'cancelled', 'operator'],
  ['under_agreement', 'cancelled', 'manager'],
  ['approved_for_shipment', 'in_assembly', 'warehouse'],
  ['approved_for_shipment', 'cancelled', 'operator'],
  ['in_assembly', 'assembled', 'warehouse'],
  ['in_assembly', 'cancelled', 'operator'],
  ['assembled', 'ready_for_shipment', 'warehouse'],
  ['assembled', 'cancelled', 'operator'],
  ['ready_for_shipment', 'shipped', 'warehouse'],
  ['ready_for_shipment', 'cancelled', 'operator'],
  ['shipped', 'delivered', 'courier'],
  ['shipped', 'delivered', 'operator'],
  ['shipped', 'cancelled', 'courier'],
  ['delivered', 'completed', 'operator'],
  ['delivered', 'completed', 'system'],
];

describe('order state machine', () => {
  for (const from of orderStatuses)
    for (const to of orderStatuses)
      for (const actor of orderActors) {
        const expected = allowed.some(([f, t, a]) => f === from && t === to && a === actor);
        it(`${from} → ${to} by ${actor}: ${expected ? 'allowed' : 'refused'}`, () => {
          expect(canTransitionOrder(from, to, actor)).toBe(expected);
        });
      }

  it('reads an unknown value as unknown, and unknown goes nowhere', () => {
    expect(toOrderStatus('archived')).toBe('unknown');
    expect(toOrderStatus('shipped')).toBe('shipped');
    for (const role of roles) expect(nextOrderStatuses(role, 'unknown')).toEqual([]);
  });

  it('gives each role its own moves', () => {
    expect(nextOrderStatuses('rep', 'new')).toEqual(['sent_for_review', 'cancelled']);
    expect(nextOrderStatuses('rep', 'sent_for_review')).toEqual([]);
    expect(nextOrderStatuses('operator', 'sent_for_review')).toEqual(['in_processing', 'under_agreement', 'approved_for_shipment', 'cancelled']);
    expect(nextOrderStatuses('chief', 'under_agreement')).toEqual(['approved_for_shipment', 'cancelled']);
    // the warehouse's moves belong to the order's delivery (decision 020): the order page offers none of them
    for (const from of ['approved_for_shipment', 'in_assembly', 'assembled', 'ready_for_shipment'] as const) {
      expect(nextOrderStatuses('employee', from)).toEqual([]);
      expect(nextOrderStatuses('admin', from)).toEqual(['cancelled']);
    }
    expect(orderMoveByDelivery('approved_for_shipment', 'in_assembly')).toBe(true);
    expect(orderMoveByDelivery('ready_for_shipment', 'shipped')).toBe(true);
    expect(orderMoveByDelivery('approved_for_shipment', 'cancelled')).toBe(false);
    expect(orderMoveByDelivery('shipped', 'delivered')).toBe(false);
    expect(nextOrderStatuses('courier', 'shipped')).toEqual(['delivered', 'cancelled']);
    expect(roleCanTransitionOrder('courier', 'ready_for_shipment', 'shipped')).toBe(false);
    expect(roleCanTransitionOrder('admin', 'ready_for_shipment', 'shipped')).toBe(true);
  });

  it('needs a reason to refuse shipment, not to withdraw a new order', () => {
    expect(orderMoveNeedsReason('new', 'cancelled')).toBe(false);
    expect(orderMoveNeedsReason('sent_for_review', 'cancelled')).toBe(true);
    expect(orderMoveNeedsReason('ready_for_shipment', 'cancelled')).toBe(true);
    expect(orderMoveNeedsReason('sent_for_review', 'approved_for_shipment')).toBe(false);
  });

  it('reaches completed from new along the steps, and every status but the final ones has a way out', () => {
    const finals: OrderStatus[] = ['completed', 'cancelled', 'unknown'];
    for (const from of orderStatuses) {
      const outs = orderStatuses.filter((to) => orderActors.some((a) => canTransitionOrder(from, to, a)));
      expect(outs.length === 0).toBe(finals.includes(from));
    }
  });
});

describe('create an order', () => {
  const body = { organizationId: 1, deliveryAddress: 'Toshkent, Chilonzor 5', positions: [{ productId: 3, quantity: 2 }] };
  it('accepts an order with one position and a delivery address', () => {
    expect(createOrderBody.safeParse(body).success).toBe(true);
  });
  it('refuses a product twice, no positions and a blank delivery address', () => {
    const twice = createOrderBody.safeParse({
      ...body,
      positions: [
        { productId: 3, quantity: 2 },
        { productId: 3, quantity: 1 },
      ],
    });
    expect(fieldIssues(twice.error!)).toEqual([expect.objectContaining({ path: 'positions', key: 'productTwice' })]);
    const empty = createOrderBody.safeParse({ ...body, positions: [], deliveryAddress: '  ' });
    expect(fieldIssues(empty.error!).map((i) => [i.path, i.key])).toEqual(
      expect.arrayContaining([
        ['positions', 'required'],
        ['deliveryAddress', 'required'],
      ]),
    );
  });
  it('refuses a zero quantity and a prepayment above 100 %', () => {
    const r = createOrderBody.safeParse({ ...body, prepaymentPercent: 101, positions: [{ productId: 3, quantity: 0 }] });
    expect(
      fieldIssues(r.error!)
        .map((i) => i.path)
        .sort(),
    ).toEqual(['positions.0.quantity', 'prepaymentPercent']);
  });
  it('knows only the statuses of the machine', () => {
    expect(moveOrderBody.safeParse({ to: 'archived' }).success).toBe(false);
    expect(moveOrderBody.safeParse({ to: 'cancelled', reason: 'Client closed' }).success).toBe(true);
  });
});

describe('the statuses of an order in a delivery', () => {
  it('run from approved for shipment to completed, never a cancelled or unknown order', async () => {
    const { deliveryOrderStatuses } = await import('./orders.js');
    expect(deliveryOrderStatuses).toEqual(['approved_for_shipment', 'in_assembly', 'assembled', 'ready_for_shipment', 'shipped', 'delivered', 'completed']);
  });
});

describe('who plans deliveries', () => {
  it('is the desk and the warehouse, not the courier, the rep or the chief', () => {
    expect(roles.filter((role) => plansDeliveries(role))).toEqual(roles.filter((role) => ['admin', 'operator', 'employee'].includes(role)));
  });
});
