import { orderSteps, type Order, type OrderStatus } from '@pharma/contracts';

export interface OrderStep {
  status: OrderStatus;
  state: 'finish' | 'process' | 'wait' | 'error';
  /** who and when the order reached this step (from its history) */
  by?: string;
  at?: string;
  /** a cancelled order: the refusal reason; an approval above the credit limit: the override's reason */
  reason?: string | null;
}

/** Statuses off the usual path shown at the step they stand beside. */
const stepOf = (status: OrderStatus): OrderStatus => (status === 'under_agreement' ? 'in_processing' : status);

/**
 * The steps of /orders-item: the usual path (orderSteps) with who/when under each reached step; the
 * current one in process (a completed order: all finished); a step skipped on the way stays waiting. A cancelled order shows the path up to
 * where it stopped and then a 'cancelled' step in error with the refusal reason.
 */
export function orderStepItems(order: Pick<Order, 'status' | 'history' | 'refusalReason'>): OrderStep[] {
  const reached = new Map<OrderStatus, { byName: string; at: string; reason?: string | null }>();
  for (const move of order.history) reached.set(stepOf(move.to), move);
  const item = (status: OrderStatus, state: OrderStep['state']): OrderStep => {
    const move = reached.get(status);
    if (!move || state === 'wait') return { status, state };
    // an approval above the credit limit carries the override's reason (decision 010)
    return status === 'approved_for_shipment' && move.reason
      ? { status, state, by: move.byName, at: move.at, reason: move.reason }
      : { status, state, by: move.byName, at: move.at };
  };

  if (order.status === 'cancelled') {
    const cancel = [...order.history].reverse().find((m) => m.to === 'cancelled');
    const stoppedAt = stepOf(cancel?.from ?? 'new');
    const last = Math.max(0, orderSteps.indexOf(stoppedAt));
    return [
      ...orderSteps.slice(0, last + 1).map((s) => item(s, 'finish')),
      { status: 'cancelled', state: 'error', by: cancel?.byName, at: cancel?.at, reason: order.refusalReason ?? cancel?.reason ?? null },
    ];
  }
  const current = orderSteps.indexOf(stepOf(order.status));
  if (current < 0) return orderSteps.map((s) => item(s, 'wait'));
  // a step the order went past without stopping (sent straight to approval) stays grey, unless there is no history to tell
  const passed = (s: OrderStatus) => order.history.length === 0 || reached.has(s);
  return orderSteps.map((s, i) =>
    item(
      s,
      order.status === 'completed' ? (passed(s) ? 'finish' : 'wait') : i < current ? (passed(s) ? 'finish' : 'wait') : i === current ? 'process' : 'wait',
    ),
  );
}
