import { describe, expect, it } from 'vitest';
import { canTransition, planVisitBody, toVisitStatus, visitActors, visitProof, visitStatuses, type VisitActor, type VisitStatus } from './visits.js';
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
      expect.arrayContaining([['organizationId', 'required'], ['representativeId', 'required'], ['plannedStart', 'required'], ['plannedEnd', 'required']]),
    );
  });
});

describe('visit proof', () => {
  const org = { lat: 41.3, lng: 69.24 };
  const near = { lat: 41.3005, lng: 69.24, accuracy: 20 }; // ≈ 56 m
  const base = { organization: org, start: near, end: near, startedAt: new Date('2026-11-20T09:00:00Z'), completedAt: new Date('2026-11-20T09:20:00Z'), clockGapSeconds: 10 };
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
    const r = visitProof({ ...base, organization: null, start: { ...near, accuracy: 150 }, completedAt: new Date('2026-11-20T09:04:00Z'), clockGapSeconds: -600 });
    expect(r.reasons).toEqual(['organizationNotLocated', 'tooShort', 'lowAccuracy', 'clockMismatch']);
    expect(r.score).toBe(30);
    expect(r.distanceM).toBeNull();
  });
  it('never goes below 0', () => {
    const r = visitProof({ ...base, end: { lat: 42, lng: 69, accuracy: 500 }, completedAt: base.startedAt, clockGapSeconds: 3600 });
    expect(r.score).toBe(0);
  });
});
