import { describe, expect, it } from 'vitest';
import { attentionCase, visitIdOf } from './attention';

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
