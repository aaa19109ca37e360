import { eq, sql } from 'drizzle-orm';
import type { ChangePasswordBody, Profile, UpdateProfileBody } from '@pharma/contracts';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { fieldError, notFound } from '../../platform/errors.js';
import { hashPassword, verifyPassword, timingDummyHash } from '../../platform/passwords.js';
import { recordAudit } from '../../platform/audit/audit.js';
import { findByLogin, getUser, loadActor } from '../users/users.service.js';
import { users } from '../users/users.table.js';

/** The user for a login and password, or null — the same answer for an unknown login as for a wrong password. */
export async function checkCredentials(db: Db, login: string, password: string): Promise<Actor | null> {
  const found = await findByLogin(db, login);
  const ok = await verifyPassword(found?.passwordHash ?? (await timingDummyHash()), password);
  if (!found || !ok || !found.active) return null;
  return loadActor(db, found.id);
}

export async function getProfile(db: Db, actor: Actor): Promise<Profile> {
  const u = await getUser(db, { ...actor, scope: 'all' }, actor.id);
  return {
    id: u.id,
    fullName: u.fullName,
    login: u.login,
    role: u.role,
    position: u.position,
    scope: actor.scope,
    telegramId: u.telegramId,
    birthDate: u.birthDate,
    address: u.address,
    phones: u.phones,
    managerName: u.managerName,
    grants: actor.grants,
  };
}

export async function updateProfile(db: Db, actor: Actor, input: UpdateProfileBody): Promise<Profile> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(users).where(eq(users.id, actor.id)).for('update');
    if (!before) throw notFound();
    const [after] = await tx.update(users).set({ ...input, updatedAt: new Date() }).where(eq(users.id, actor.id)).returning();
    await recordAudit(tx, actor, { entity: 'user', entityId: actor.id, action: 'update', before, after });
  });
  return getProfile(db, (await loadActor(db, actor.id)) ?? actor);
}

/**
 * Sets a new own password. Every token signed before stops being accepted (decision 032); the caller
 * answers the returned actor (at the new token version) with a fresh token so this session goes on.
 */
export async function changePassword(db: Db, actor: Actor, input: ChangePasswordBody): Promise<Actor> {
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, actor.id));
  if (!row || !(await verifyPassword(row.hash, input.currentPassword))) {
    throw fieldError('WRONG_CURRENT_PASSWORD', 'currentPassword', 'invalid');
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: sql`now()` })
      .where(eq(users.id, actor.id));
    await recordAudit(tx, actor, { entity: 'user', entityId: actor.id, action: 'changePassword' });
  });
  const changed = await loadActor(db, actor.id);
  if (!changed) throw notFound();
  return changed;
}
