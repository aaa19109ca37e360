import { describe, expect, it } from 'vitest';
import { attentionCase, positionsOf, visitIdOf, withQuantities } from './attention';

const refused = (subject: string, code: string) => ({ subject, error: { code, message: '' } });

describe('what happened meanwhile to a refused write', () => {
  it('names the cases the sync log explains', () => {
    expect(attentionCase(refused('visit:41', 'VISIT_STATUS_REFUSED'))).toBe('visitChanged');
    expect(attentionCase(refused('visit:41', 'VISIT_NOT_IN_PROGRESS'))).toBe('visitChanged');
    expect(attentionCase(refused('visit:41', 'ORGANIZATION_BLOCKED'))).toBe('organizationBlocked');
    expect(attentionCase(refused('order:77', 'ORGANIZATION_BLOCKED'))).toBe('organizationBlocked');
    expect(attentionCase(refused('order:77', 'INSUFFICIENT_STOCK'))).toBe('stockShort');
    expect(attentionCase(refused('delivery:5', 'NOT_FOUND'))).toBe('deliveryReassigned');
    expect(attentionCase(refused('delivery:5', 'DELIVERY_STATUS_REFUSED'))).toBe('deliveryReassigned');
  });
  it('leaves the rest to the server’s reason', () => {
    expect(attentionCase(refused('visit:-3', 'VISIT_STATUS_REFUSED'))).toBeNull();
    expect(attentionCase(refused('visit:41', 'VALIDATION_FAILED'))).toBeNull();
    expect(attentionCase({ subject: 'visit:41' })).toBeNull();
  });
  it('reads the visit of a subject', () => {
    expect(visitIdOf('visit:41')).toBe(41);
    expect(visitIdOf('visit:-3')).toBeNull();
    expect(visitIdOf('delivery:5')).toBeNull();
  });
});

describe('a refused order sent again with other quantities', () => {
  const order = {
    body: {
      organizationId: 3,
      positions: [
        { productId: 7, quantity: 10 },
        { productId: 8, quantity: 2 },
      ],
    },
  };
  it('changes the quantities the rep changed, line by line', () => {
    expect(withQuantities(order, { 0: 4 })).toEqual({
      organizationId: 3,
      positions: [
        { productId: 7, quantity: 4 },
        { productId: 8, quantity: 2 },
      ],
    });
  });
  it('sends it as it is when nothing changed', () => {
    expect(withQuantities(order, { 0: 10, 1: null })).toBeUndefined();
    expect(withQuantities(order, undefined)).toBeUndefined();
    expect(positionsOf({ body: { quantity: 3 } })).toBeNull();
  });
});
