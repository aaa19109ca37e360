import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  canTransition,
  planVisitBody,
  reviewVisitBody,
  toVisitStatus,
  visitActors,
  visitProof,
  visitRatingBody,
  visitStatuses,
  type VisitActor,
  type VisitStatus,
  isQuestionableScore,
  visitActorOf,
  visitProofLimits,
} from './visits.js';
import { sellOut, sellOutPerDay, suggestFromCounts, suggestedQuantity } from './suggested-order.js';
import { fieldIssues } from './common/validation.js';

/** Every allowed move, written out once more by hand: anything not here must be refused. */
const allowed: [VisitStatus, VisitStatus, VisitActor][] = [
  ['planned', 'in_progress', 'rep'],
  ['planned', 'cancelled', 'rep'],
  ['planned', 'cancelled', 'manager'],
  ['planned', 'overdue', 'system'],
  ['overdue', 'in_progress', 'rep'],
  ['overdue', 'cancelled', 'rep'],
  ['overdue', 'cancelled', 'manager'],
  ['in_progress', 'completed', 'rep'],
  ['in_progress', 'cancelled', 'rep'],
  ['in_progress', 'cancelled', 'manager'],
];

describe('visit state machine', () => {
  for (const from of visitStatuses)
    for (const to of visitStatuses)
      for (const actor of visitActors) {
        const expected = allowed.some(([f, t, a]) => f === from && t === to && a === actor);
        it(`${from} → ${to} by ${actor}: ${expected ? 'allowed' : 'refused'}`, () => {
          expect(canTransition(from, to, actor)).toBe(expected);
        });
      }
  it('reads an unknown value as unknown', () => {
    expect(toVisitStatus('archived')).toBe('unknown');
    expect(toVisitStatus('overdue')).toBe('overdue');
  });
});

describe('plan a visit', () => {
  const body = { organizationId: 1, representativeId: 2, plannedStart: '2026-11-20T09:00:00+05:00', plannedEnd: '2026-11-20T10:00:00+05:00' };
  it('accepts an end equal to or after the start', () => {
    expect(planVisitBody.safeParse(body).success).toBe(true);
    expect(planVisitBody.safeParse({ ...body, plannedEnd: body.plannedStart }).success).toBe(true);
  });
  it('refuses an end before the start with endBeforeStart', () => {
    const r = planVisitBody.safeParse({ ...body, plannedEnd: '2026-11-20T08:59:00+05:00' });
    expect(r.success).toBe(false);
    expect(fieldIssues(r.error!)).toEqual([expect.objectContaining({ path: 'plannedEnd', key: 'endBeforeStart' })]);
  });
  it('requires organization, representative, start and end', () => {
    const r = planVisitBody.safeParse({});
    expect(fieldIssues(r.error!).map((i) => [i.path, i.key])).toEqual(
      expect.arrayContaining([
        ['organizationId', 'required'],
        ['representativeId', 'required'],
        ['plannedStart', 'required'],
        ['plannedEnd', 'required'],
      ]),
    );
  });
});

describe('visit proof', () => {
  const org = { lat: 41.3, lng: 69.24 };
  const near = { lat: 41.3005, lng: 69.24, accuracy: 20 }; // ≈ 56 m
  const base = {
    organization: org,
    start: near,
    end: near,
    startedAt: new Date('2026-11-20T09:00:00Z'),
    completedAt: new Date('2026-11-20T09:20:00Z'),
    clockGapSeconds: 10,
  };
  it('scores a clean visit 100 with no reasons', () => {
    expect(visitProof(base)).toEqual({ score: 100, reasons: [], distanceM: 56, questionable: false });
  });
  it('accepts 200 m and refuses beyond', () => {
    expect(visitProof({ ...base, end: { lat: 41.3018, lng: 69.24, accuracy: 20 } }).reasons).toEqual([]); // ≈ 200 m
    const far = visitProof({ ...base, end: { lat: 41.302, lng: 69.24, accuracy: 20 } }); // ≈ 223 m
    expect(far.reasons).toEqual(['farFromOrganization']);
    expect(far.score).toBe(50);
    expect(far.questionable).toBe(true);
  });
  it('doubts a short visit, poor accuracy, a wrong clock and an organization without a point', () => {
    const r = visitProof({
      ...base,
      organization: null,
      start: { ...near, accuracy: 150 },
      completedAt: new Date('2026-11-20T09:04:00Z'),
      clockGapSeconds: -600,
    });
    expect(r.reasons).toEqual(['organizationNotLocated', 'tooShort', 'lowAccuracy', 'clockMismatch']);
    expect(r.score).toBe(30);
    expect(r.distanceM).toBeNull();
  });
  it('never goes below 0', () => {
    const r = visitProof({ ...base, end: { lat: 42, lng: 69, accuracy: 500 }, completedAt: base.startedAt, clockGapSeconds: 3600 });
    expect(r.score).toBe(0);
  });
});

describe('sell-out and the suggested order', () => {
  it('sells what the shelf had plus what we delivered, less what it has now', () => {
    expect(sellOut(30, 0, 12)).toBe(18);
    expect(sellOut(30, 20, 12)).toBe(38);
    expect(sellOut(0, 0, 5)).toBe(0);
    // more on the shelf than before and nothing delivered (bought elsewhere): no sell-out, never negative
    expect(sellOut(5, 0, 9)).toBe(0);
  });
  it('suggests the sell-out less what is still on the shelf, never below 0', () => {
    expect(suggestedQuantity(18, 12)).toBe(6);
    expect(suggestedQuantity(10, 0)).toBe(10);
    expect(suggestedQuantity(3, 12)).toBe(0);
    expect(suggestedQuantity(0, 0)).toBe(0);
  });
  it('holds for any counts: whole, non-negative, and the shelf plus the suggestion covers the sell-out', () => {
    const count = fc.integer({ min: 0, max: 100_000 });
    fc.assert(
      fc.property(count, count, count, (previous, delivered, current) => {
        const sold = sellOut(previous, delivered, current);
        const suggested = suggestedQuantity(sold, current);
        expect(Number.isInteger(sold) && sold >= 0 && sold <= previous + delivered).toBe(true);
        expect(suggested).toBeGreaterThanOrEqual(0);
        expect(current + suggested).toBeGreaterThanOrEqual(sold);
      }),
    );
  });
});

describe('review and rating bodies', () => {
  it('takes accepted or rejected with an optional comment', () => {
    expect(reviewVisitBody.safeParse({ decision: 'accepted' }).success).toBe(true);
    expect(reviewVisitBody.safeParse({ decision: 'pending' }).success).toBe(false);
  });
  it('takes 1 to 5 whole stars per criterion', () => {
    const stars = { efficiency: 5, operatorPoliteness: 4, deliverySpeed: 1, responseTime: 3 };
    expect(visitRatingBody.safeParse(stars).success).toBe(true);
    for (const bad of [0, 6, 2.5]) expect(visitRatingBody.safeParse({ ...stars, efficiency: bad }).success).toBe(false);
    const r = visitRatingBody.safeParse({ ...stars, deliverySpeed: undefined });
    expect(fieldIssues(r.error!)).toEqual([expect.objectContaining({ path: 'deliverySpeed', key: 'required' })]);
  });
});

describe('one rule each', () => {
  it('a score below the threshold is questionable; no score is not', () => {
    expect(isQuestionableScore(visitProofLimits.questionableBelow - 1)).toBe(true);
    expect(isQuestionableScore(visitProofLimits.questionableBelow)).toBe(false);
    expect(isQuestionableScore(null)).toBe(false);
  });
  it('the rep acts on their own visit, anyone else as a manager', () => {
    expect(visitActorOf({ representativeId: 7 }, 7)).toBe('rep');
    expect(visitActorOf({ representativeId: 7 }, 8)).toBe('manager');
    expect(visitActorOf({ representativeId: 7 }, undefined)).toBe('manager');
  });
  it('applies the rule to two counts and the deliveries in between, a product missing from a count counting 0 there', () => {
    // the shelf on 1 Nov and on 15 Nov (product → units) and what we delivered in between
    const previous = new Map([
      [1, 30],
      [2, 10],
      [3, 4],
    ]);
    const delivered = new Map([
      [1, 20],
      [4, 12],
    ]);
    const current = new Map([
      [1, 12],
      [2, 10],
      [4, 5],
    ]);
    expect(suggestFromCounts(previous, delivered, current)).toEqual([
      // 30 + 20 − 12 = 38 sold; 38 − 12 = 26 to cover the next two weeks
      { productId: 1, previousRemainder: 30, delivered: 20, currentRemainder: 12, sellOut: 38, suggestedQuantity: 26 },
      // nothing sold, the shelf still holds 10
      { productId: 2, previousRemainder: 10, delivered: 0, currentRemainder: 10, sellOut: 0, suggestedQuantity: 0 },
      // not counted the second time: all 4 sold, 4 to order
      { productId: 3, previousRemainder: 4, delivered: 0, currentRemainder: 0, sellOut: 4, suggestedQuantity: 4 },
      // new on the shelf: 0 + 12 − 5 = 7 sold, 7 − 5 = 2 to order
      { productId: 4, previousRemainder: 0, delivered: 12, currentRemainder: 5, sellOut: 7, suggestedQuantity: 2 },
    ]);
  });
  it('gives the sell-out per day between counts days apart, none without two counts', () => {
    expect(sellOutPerDay(38, 14)).toBeCloseTo(2.714, 3);
    expect(sellOutPerDay(0, 14)).toBe(0);
    expect(sellOutPerDay(5, null)).toBeNull();
    expect(sellOutPerDay(5, 0)).toBeNull();
  });
});
