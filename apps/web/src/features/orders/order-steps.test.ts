import { describe, expect, it } from 'vitest';
import type { Order } from '@pharma/contracts';
import { orderStepItems } from './order-steps';

type History = Order['history'];
const move = (from: Order['status'] | null, to: Order['status'], byName: string, reason: string | null = null): History[number] => ({
  from,
  to,
  byName,
  at: `2026-11-2${byName.length}T10:00:00Z`,
  reason,
});

describe('orderStepItems', () => {
  it('marks the path before the current status finished with who moved it, the current in process, the rest waiting', () => {
    const steps = orderStepItems({
      status: 'sent_for_review',
      refusalReason: null,
      history: [move(null, 'new', 'Rep'), move('new', 'sent_for_review', 'Operator')],
    });
    expect(steps.map((s) => s.state).slice(0, 3)).toEqual(['finish', 'process', 'wait']);
    expect(steps[0]).toMatchObject({ status: 'new', by: 'Rep' });
    expect(steps[1]).toMatchObject({ status: 'sent_for_review', by: 'Operator' });
    expect(steps[2]!.by).toBeUndefined();
    expect(steps).toHaveLength(10);
  });

  it('shows under agreement at the processing step', () => {
    const steps = orderStepItems({ status: 'under_agreement', refusalReason: null, history: [move(null, 'new', 'R'), move('new', 'under_agreement', 'Op')] });
    expect(steps.find((s) => s.state === 'process')?.status).toBe('in_processing');
  });

  it('a step skipped on the way stays waiting', () => {
    const steps = orderStepItems({
      status: 'approved_for_shipment',
      refusalReason: null,
      history: [move(null, 'new', 'R'), move('new', 'sent_for_review', 'Op'), move('sent_for_review', 'approved_for_shipment', 'Oper')],
    });
    expect(steps.slice(0, 5).map((s) => s.state)).toEqual(['finish', 'finish', 'wait', 'process', 'wait']);
  });

  it('a completed order has every step finished', () => {
    expect(orderStepItems({ status: 'completed', refusalReason: null, history: [] }).every((s) => s.state === 'finish')).toBe(true);
  });

  it('a cancelled order stops where it was refused and shows the reason', () => {
    const steps = orderStepItems({
      status: 'cancelled',
      refusalReason: 'No licence',
      history: [move(null, 'new', 'Rep'), move('new', 'sent_for_review', 'Op'), move('sent_for_review', 'cancelled', 'Oper', 'No licence')],
    });
    expect(steps.map((s) => s.status)).toEqual(['new', 'sent_for_review', 'cancelled']);
    expect(steps.at(-1)).toMatchObject({ state: 'error', reason: 'No licence', by: 'Oper' });
  });

  it('an approval above the credit limit shows the override reason; other steps carry none', () => {
    const steps = orderStepItems({
      status: 'approved_for_shipment',
      refusalReason: null,
      history: [
        move(null, 'new', 'R', 'ignored'),
        move('new', 'in_processing', 'Op'),
        move('in_processing', 'approved_for_shipment', 'Oper', 'Director guarantees'),
      ],
    });
    expect(steps.find((s) => s.status === 'approved_for_shipment')).toMatchObject({ state: 'process', by: 'Oper', reason: 'Director guarantees' });
    expect(steps[0]!.reason).toBeUndefined();
  });
});
