import { and, eq, gte, lt, ne } from 'drizzle-orm';

import type { z } from 'zod';
import {
  addDays,
  editableVisitStatuses,
  resultVisitStatuses,
  type drugResultsBody,
  type Paged,
  type questionableVisitsQuery,
  type remaindersBody,
  type ReviewVisitBody,
  type Visit,
  type VisitRatingBody,
  type VisitStatus,
  type VisitSummary,
} from '@pharma/contracts';
import type { Db, Tx } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { AppError, fieldError } from '../../platform/errors.js';
import { recordAudit } from '../../platform/audit/audit.js';

import { dayStart, isForeignKeyViolation } from '../../platform/sql.js';

import { visitDoctors, visitDrugResults, visitRatings, visitRemainders, visits } from './visits.table.js';
import { assertDoctorsOf } from './visit-plan.service.js';
import { scope, organizationMatches, pageOfSummaries, getVisit } from './visits.service.js';

/** What a visit found and how it was judged: doctors met, drug attitudes, remainders; the manager's review and rating. */
async function resultVisit(db: Db, actor: Actor, id: number, statuses: readonly VisitStatus[]) {
  const visit = await getVisit(db, actor, id);
  if (!statuses.includes(visit.status)) throw new AppError('VISIT_NOT_EDITABLE');
  return visit;
}

/** A doctor met (or planned): a doctor of the visit's organization, once per visit (spec §5). */
export async function addVisitDoctor(db: Db, actor: Actor, id: number, doctorId: number): Promise<Visit> {
  const visit = await resultVisit(db, actor, id, [...editableVisitStatuses, ...resultVisitStatuses]);
  await assertDoctorsOf(db, visit.organizationId, [doctorId], 'doctorId');
  const added = await db.insert(visitDoctors).values({ visitId: id, doctorId }).onConflictDoNothing().returning({ doctorId: visitDoctors.doctorId });
  if (!added.length) throw new AppError('VISIT_DOCTOR_ALREADY_ADDED');
  return getVisit(db, actor, id);
}

/** Discussed drugs per doctor met: attitude and medication status; replaces the visit's set. */
export async function saveDrugResults(db: Db, actor: Actor, id: number, input: z.output<typeof drugResultsBody>): Promise<Visit> {
  const visit = await resultVisit(db, actor, id, resultVisitStatuses);
  const met = new Set(visit.doctors.map((d) => d.doctorId));
  const seen = new Set<string>();
  input.items.forEach((item, i) => {
    if (!met.has(item.doctorId)) throw fieldError('VALIDATION_FAILED', `items.${i}.doctorId`, 'invalidOption');
    const key = `${item.doctorId}:${item.productId}`;
    if (seen.has(key)) throw fieldError('VALIDATION_FAILED', `items.${i}.productId`, 'productTwice');
    seen.add(key);
  });
  await replaceSet(
    db,
    actor,
    id,
    'drugResults',
    async (tx) => {
      await tx.delete(visitDrugResults).where(eq(visitDrugResults.visitId, id));
      if (input.items.length) await tx.insert(visitDrugResults).values(input.items.map((item) => ({ visitId: id, ...item })));
    },
    input.items,
  );
  return getVisit(db, actor, id);
}

/** Remainders counted per product during the visit; replaces the visit's set. */
export async function saveRemainders(db: Db, actor: Actor, id: number, input: z.output<typeof remaindersBody>): Promise<Visit> {
  await resultVisit(db, actor, id, resultVisitStatuses);
  const seen = new Set<number>();
  input.items.forEach((item, i) => {
    if (seen.has(item.productId)) throw fieldError('VALIDATION_FAILED', `items.${i}.productId`, 'productTwice');
    seen.add(item.productId);
  });
  await replaceSet(
    db,
    actor,
    id,
    'remainders',
    async (tx) => {
      await tx.delete(visitRemainders).where(eq(visitRemainders.visitId, id));
      if (input.items.length) await tx.insert(visitRemainders).values(input.items.map((item) => ({ visitId: id, ...item })));
    },
    input.items,
  );
  return getVisit(db, actor, id);
}

async function replaceSet(db: Db, actor: Actor, id: number, what: string, work: (tx: Tx) => Promise<void>, items: object[]) {
  try {
    await db.transaction(async (tx) => {
      await work(tx);
      await recordAudit(tx, actor, { entity: 'visit', entityId: id, action: what, after: { items } });
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw fieldError('VALIDATION_FAILED', 'items', 'productUnknown');
    throw error;
  }
}

// ---------------------------------------------------------------- the rep's day: reminders and the current visit

/** The manager's queue: visits in scope whose proof made them questionable, never the manager's own; newest first. */
export async function questionableVisits(db: Db, actor: Actor, query: z.output<typeof questionableVisitsQuery>): Promise<Paged<VisitSummary>> {
  const where = and(
    scope(actor),
    ne(visits.representativeId, actor.id),
    eq(visits.review, query.review),
    query.from ? gte(visits.plannedStart, dayStart(query.from)) : undefined,
    query.to ? lt(visits.plannedStart, dayStart(addDays(query.to, 1))) : undefined,
    query.representativeId ? eq(visits.representativeId, query.representativeId) : undefined,
    query.q ? organizationMatches(query.q) : undefined,
  );
  // newest first unless sort asks for ascending ("plannedStart")
  const ascending = !!query.sort && !query.sort.startsWith('-');
  return pageOfSummaries(db, where, query, !ascending);
}

/** A manager accepts or rejects a questionable visit: only a pending one, only of a rep in their scope, never their own. */
export async function reviewVisit(db: Db, actor: Actor, id: number, input: ReviewVisitBody, now = new Date()): Promise<Visit> {
  const visit = await getVisit(db, actor, id);
  if (visit.representativeId === actor.id) throw new AppError('VISIT_REVIEW_NOT_ALLOWED');
  if (visit.review !== 'pending') throw new AppError('VISIT_REVIEW_NOT_PENDING');
  await db.transaction(async (tx) => {
    const reviewed = await tx
      .update(visits)
      .set({ review: input.decision, reviewComment: input.comment ?? null, reviewedBy: actor.id, reviewedAt: now, updatedAt: now })
      .where(and(eq(visits.id, id), eq(visits.review, 'pending')))
      .returning({ id: visits.id });
    // reviewed meanwhile by another manager
    if (!reviewed.length) throw new AppError('VISIT_REVIEW_NOT_PENDING');
    await recordAudit(tx, actor, {
      entity: 'visit',
      entityId: id,
      action: 'review',
      before: { review: 'pending' },
      after: { review: input.decision, reviewComment: input.comment ?? null },
    });
  });
  return getVisit(db, actor, id);
}

// ---------------------------------------------------------------- rating

/** 'Rating saved successfully!': the organization's stars on a completed visit, by its rep or a manager in scope; saved again replaces them. */
export async function rateVisit(db: Db, actor: Actor, id: number, input: VisitRatingBody, now = new Date()): Promise<Visit> {
  const visit = await getVisit(db, actor, id);
  if (visit.status !== 'completed') throw new AppError('VISIT_NOT_COMPLETED');
  const values = {
    efficiency: input.efficiency,
    operatorPoliteness: input.operatorPoliteness,
    deliverySpeed: input.deliverySpeed,
    responseTime: input.responseTime,
    comment: input.comment ?? null,
    ratedBy: actor.id,
    ratedAt: now,
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(visitRatings)
      .values({ visitId: id, ...values })
      .onConflictDoUpdate({ target: visitRatings.visitId, set: values });
    await recordAudit(tx, actor, { entity: 'visit', entityId: id, action: 'rating', before: visit.rating, after: { ...values, ratedAt: undefined } });
  });
  return getVisit(db, actor, id);
}
