import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { RepTarget, RepTargetBody } from '@pharma/contracts';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { AppError, notFound } from '../../platform/errors.js';
import { inScope } from '../../platform/scope.js';
import { recordAudit } from '../../platform/audit/audit.js';
import { isoInstant } from '../../platform/sql.js';
import { users } from '../users/users.table.js';
import { repTargets } from './desktop.table.js';

/** The reps a manager sees: active users of role 'rep' in the actor's scope, never the actor. */
export const repsInScope = (actor: Actor) => and(eq(users.role, 'rep'), eq(users.active, true), ne(users.id, actor.id), inScope(actor, users.id));

const columns = {
  userId: users.id,
  fullName: users.fullName,
  role: users.role,
  visitsPerDay: repTargets.visitsPerDay,
  coveragePercent: repTargets.coveragePercent,
  monthlySum: repTargets.monthlySum,
  updatedAt: sql<string | null>`${isoInstant(repTargets.updatedAt)}`,
};

/** GET /api/desktop/targets: the reps in scope with their targets (nulls where none are set), by name. */
export async function listTargets(db: Db, actor: Actor): Promise<RepTarget[]> {
  return db
    .select(columns)
    .from(users)
    .leftJoin(repTargets, eq(repTargets.userId, users.id))
    .where(repsInScope(actor))
    .orderBy(asc(users.fullName), asc(users.id));
}

/** The targets of some reps (no scope check: the caller chose them). */
export async function targetsOf(db: Db, userIds: number[]): Promise<Map<number, RepTarget>> {
  if (!userIds.length) return new Map();
  const rows = await db
    .select(columns)
    .from(users)
    .leftJoin(repTargets, eq(repTargets.userId, users.id))
    .where(
      sql`${users.id} in (${sql.join(
        userIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  return new Map(rows.map((r) => [r.userId, r]));
}

/**
 * PUT /api/desktop/targets/:userId: a manager sets the targets of a rep of their team (a user outside the
 * scope is 404, never one's own: a rep does not set their own plan); upserted and audited.
 */
export async function putTargets(db: Db, actor: Actor, userId: number, input: RepTargetBody, now = new Date()): Promise<RepTarget> {
  if (actor.scope === 'own' || userId === actor.id) throw new AppError('FORBIDDEN');
  const [rep] = await db
    .select(columns)
    .from(users)
    .leftJoin(repTargets, eq(repTargets.userId, users.id))
    .where(and(eq(users.id, userId), repsInScope(actor)));
  if (!rep) throw notFound();
  await db.transaction(async (tx) => {
    const values = {
      visitsPerDay: input.visitsPerDay,
      coveragePercent: input.coveragePercent,
      monthlySum: input.monthlySum,
      updatedById: actor.id,
      updatedAt: now,
    };
    await tx
      .insert(repTargets)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: repTargets.userId, set: values });
    await recordAudit(tx, actor, {
      entity: 'repTarget',
      entityId: userId,
      action: 'update',
      before: { visitsPerDay: rep.visitsPerDay, coveragePercent: rep.coveragePercent, monthlySum: rep.monthlySum },
      after: { visitsPerDay: input.visitsPerDay, coveragePercent: input.coveragePercent, monthlySum: input.monthlySum },
    });
  });
  const [saved] = await db.select(columns).from(users).leftJoin(repTargets, eq(repTargets.userId, users.id)).where(eq(users.id, userId));
  return saved!;
}
