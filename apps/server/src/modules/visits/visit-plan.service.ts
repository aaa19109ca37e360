import { and, eq, inArray, lt, sql } from 'drizzle-orm';

import {
  canTransition,
  visitActorOf,
  editableVisitStatuses,
  visitProof,
  type GeoPosition,
  type PlanVisitBody,
  type Visit,
  type VisitStatus,
} from '@pharma/contracts';
import type { Db, Tx } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { AppError, fieldError } from '../../platform/errors.js';
import type { ActionTime } from '../../platform/offline/offline-writes.js';
import { recordAudit } from '../../platform/audit/audit.js';

import { inScope } from '../../platform/scope.js';

import { users } from '../users/users.table.js';
import { organizations } from '../organizations/organizations.table.js';
import { doctors } from '../doctors/doctors.table.js';

import { assertOrganizationOpen, assertOrganizationVisible } from '../organizations/organizations.service.js';
import { releaseDocument } from '../stock/reservations.service.js';
import { notify } from '../notifications/notifications.service.js';
import { visitDoctors, visits } from './visits.table.js';
import { visitDocument, getVisit } from './visits.service.js';

/** Planning a visit and moving it through its state machine: plan, edit, start, complete (the proof score), cancel, overdue. */
/** The representative must be an active user in the actor's scope (a rep plans for themself). */
export async function assertRepresentative(db: Db, actor: Actor, userId: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.active, true), inScope(actor, users.id)));
  if (!row) throw fieldError('VALIDATION_FAILED', 'representativeId', 'invalidOption');
}

export async function assertDoctorsOf(db: Db, organizationId: number, doctorIds: number[], field: string) {
  if (new Set(doctorIds).size !== doctorIds.length) throw new AppError('VISIT_DOCTOR_ALREADY_ADDED');
  if (!doctorIds.length) return;
  const rows = await db
    .select({ id: doctors.id })
    .from(doctors)
    .where(and(inArray(doctors.id, doctorIds), eq(doctors.organizationId, organizationId)));
  if (rows.length !== doctorIds.length) throw fieldError('VALIDATION_FAILED', field, 'invalidOption');
}

async function checkPlan(db: Db, actor: Actor, input: PlanVisitBody) {
  await assertRepresentative(db, actor, input.representativeId);
  await assertOrganizationVisible(db, actor, input.organizationId);
  // a blacklisted organization takes no visits
  await assertOrganizationOpen(db, input.organizationId);
  await assertDoctorsOf(db, input.organizationId, input.doctorIds, 'doctorIds');
}

/** 'Visit successfully created': 201 with the visit. */
export async function planVisit(db: Db, actor: Actor, input: PlanVisitBody): Promise<Visit> {
  await checkPlan(db, actor, input);
  const id = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(visits)
      .values({
        organizationId: input.organizationId,
        representativeId: input.representativeId,
        plannedStart: new Date(input.plannedStart),
        plannedEnd: new Date(input.plannedEnd),
        comment: input.comment ?? null,
        createdBy: actor.id,
      })
      .returning({ id: visits.id });
    if (input.doctorIds.length) await tx.insert(visitDoctors).values(input.doctorIds.map((doctorId) => ({ visitId: created!.id, doctorId })));
    await recordAudit(tx, actor, { entity: 'visit', entityId: created!.id, action: 'create', after: { ...input } });
    return created!.id;
  });
  return getVisit(db, actor, id);
}

/** 'Visit successfully updated': only before the visit starts; a re-planned overdue visit is planned again. */
export async function updateVisit(db: Db, actor: Actor, id: number, input: PlanVisitBody): Promise<Visit> {
  const before = await getVisit(db, actor, id);
  if (!editableVisitStatuses.includes(before.status)) throw new AppError('VISIT_NOT_EDITABLE');
  await checkPlan(db, actor, input);
  const plannedStart = new Date(input.plannedStart);
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(visits)
      .set({
        organizationId: input.organizationId,
        representativeId: input.representativeId,
        plannedStart,
        plannedEnd: new Date(input.plannedEnd),
        comment: input.comment ?? null,
        status: 'planned',
        updatedAt: new Date(),
        // a new start (or another rep) is reminded again before it; the same plan keeps its reminder
        remindedAt: sql`case when ${visits.plannedStart} = ${plannedStart.toISOString()} and ${visits.representativeId} = ${input.representativeId} then ${visits.remindedAt} end`,
      })
      .where(and(eq(visits.id, id), inArray(visits.status, [...editableVisitStatuses])))
      .returning({ id: visits.id });
    if (!updated.length) throw new AppError('VISIT_NOT_EDITABLE');
    await tx.delete(visitDoctors).where(eq(visitDoctors.visitId, id));
    if (input.doctorIds.length) await tx.insert(visitDoctors).values(input.doctorIds.map((doctorId) => ({ visitId: id, doctorId })));
    await recordAudit(tx, actor, { entity: 'visit', entityId: id, action: 'update', before, after: { ...input } });
  });
  return getVisit(db, actor, id);
}

// ---------------------------------------------------------------- status

/** Moves a visit through the state machine of the contracts; refuses a move the machine does not allow for this actor. */
async function transition(
  db: Db,
  actor: Actor,
  id: number,
  to: VisitStatus,
  set: (v: Visit, now: Date) => Promise<Partial<typeof visits.$inferInsert>> | Partial<typeof visits.$inferInsert>,
  also?: (tx: Tx, now: Date, visit: Visit) => Promise<unknown>,
  now = new Date(),
) {
  const visit = await getVisit(db, actor, id);
  if (!canTransition(visit.status, to, visitActorOf(visit, actor.id))) throw new AppError('VISIT_STATUS_REFUSED');
  const values = await set(visit, now);
  await db.transaction(async (tx) => {
    const moved = await tx
      .update(visits)
      .set({ ...values, status: to, updatedAt: now })
      .where(and(eq(visits.id, id), eq(visits.status, visit.status)))
      .returning({ id: visits.id });
    // changed meanwhile (the overdue job, another device)
    if (!moved.length) throw new AppError('VISIT_STATUS_REFUSED');
    await also?.(tx, now, visit);
    await recordAudit(tx, actor, { entity: 'visit', entityId: id, action: to, before: { status: visit.status }, after: { status: to, ...values } });
  });
  return getVisit(db, actor, id);
}

/** Geolocation must be enabled to start or complete a visit (spec §5). */
function requirePosition(position: GeoPosition | undefined): GeoPosition {
  if (!position) throw new AppError('GEOLOCATION_REQUIRED');
  return position;
}

/** An action sent at once: it happened now, and the device's clock is read from its position's time. */
const sentAtOnce = (now = new Date()): ActionTime => ({ at: now, receivedAt: now, clockOffsetMs: null });

/**
 * Starts a visit at the action's time: a start queued offline on the phone counts from when the rep
 * started it, and the time the server got it is kept beside it (issue 16).
 */
export async function startVisit(db: Db, actor: Actor, id: number, position: GeoPosition | undefined, time = sentAtOnce()): Promise<Visit> {
  const p = requirePosition(position);
  return transition(
    db,
    actor,
    id,
    'in_progress',
    async (v, now) => {
      await assertOrganizationOpen(db, v.organizationId);
      return {
        startedAt: now,
        startReceivedAt: time.receivedAt,
        startLat: p.lat,
        startLng: p.lng,
        startAccuracy: p.accuracy,
        startDeviceTime: new Date(p.deviceTime),
      };
    },
    undefined,
    time.at,
  );
}

/**
 * Completes a visit at the action's time and scores its proof. The device's clock is compared with the
 * server's as the device sent the write (a queued write says so); a write sent at once compares its
 * position's time with now, as before.
 */
export async function completeVisit(db: Db, actor: Actor, id: number, position: GeoPosition | undefined, time = sentAtOnce()): Promise<Visit> {
  const p = requirePosition(position);
  let questionable = false;
  return transition(
    db,
    actor,
    id,
    'completed',
    async (v, now) => {
      const [row] = await db
        .select({ lat: organizations.lat, lng: organizations.lng, startedAt: visits.startedAt, startDeviceTime: visits.startDeviceTime })
        .from(visits)
        .innerJoin(organizations, eq(organizations.id, visits.organizationId))
        .where(eq(visits.id, v.id));
      const startedAt = row!.startedAt ?? now;
      const gaps = [Math.abs(time.clockOffsetMs ?? new Date(p.deviceTime).getTime() - now.getTime())];
      if (row!.startDeviceTime) gaps.push(Math.abs(row!.startDeviceTime.getTime() - startedAt.getTime()));
      const proof = visitProof({
        organization: row!.lat === null || row!.lng === null ? null : { lat: row!.lat, lng: row!.lng },
        start: v.startPosition ?? { lat: p.lat, lng: p.lng, accuracy: p.accuracy },
        end: { lat: p.lat, lng: p.lng, accuracy: p.accuracy },
        startedAt,
        completedAt: now,
        clockGapSeconds: Math.max(...gaps) / 1000,
      });
      questionable = proof.questionable;
      return {
        completedAt: now,
        endLat: p.lat,
        endLng: p.lng,
        endAccuracy: p.accuracy,
        endDeviceTime: new Date(p.deviceTime),
        completedReceivedAt: time.receivedAt,
        distanceM: proof.distanceM,
        proofScore: proof.score,
        proofReasons: proof.reasons,
        // a questionable visit waits in its manager's queue
        review: proof.questionable ? 'pending' : null,
      };
    },
    (tx, _now, v) => (questionable ? tellOfQuestionableVisit(tx, v) : Promise.resolve()),
    time.at,
  );
}

/** The rep's manager learns of a questionable visit in their team, in the transaction that made it so (issue 17). */
async function tellOfQuestionableVisit(tx: Tx, visit: Visit): Promise<void> {
  const [rep] = await tx.select({ managerId: users.managerId }).from(users).where(eq(users.id, visit.representativeId));
  if (!rep?.managerId) return;
  await notify(tx, {
    to: [rep.managerId],
    kind: 'questionableVisit',
    subject: { type: 'visit', id: visit.id },
    params: { organization: visit.organizationName, representative: visit.representativeName },
  });
}

/** A cancelled visit gives back the stock its rep reserved during it. */
export async function cancelVisit(db: Db, actor: Actor, id: number, reason: string | null | undefined): Promise<Visit> {
  return transition(
    db,
    actor,
    id,
    'cancelled',
    () => ({ cancelReason: reason ?? null }),
    (tx, now) => releaseDocument(tx, actor, visitDocument(id), now),
  );
}

/** Planned visits whose end has passed become overdue; run on an interval by the app. */
export async function markOverdueVisits(db: Db, now: Date): Promise<{ marked: number }> {
  const rows = await db
    .update(visits)
    .set({ status: 'overdue', updatedAt: now })
    .where(and(eq(visits.status, 'planned'), lt(visits.plannedEnd, now)))
    .returning({ id: visits.id });
  return { marked: rows.length };
}

// ---------------------------------------------------------------- results
