import type { ChangePasswordBody, Profile, UpdateProfileBody } from '@pharma/contracts';
import type { Db } from '../../db/client.js';
import { asSystem, type Actor } from '../../platform/auth.js';
import { fieldError, notFound } from '../../platform/errors.js';
import { hashPassword, verifyPassword, timingDummyHash } from '../../platform/passwords.js';
import { findByLogin, getUser, loadActor, passwordHashOf, setOwnPassword, updateOwnProfile } from '../users/users.service.js';

/** The user for a login and password, or null — the same answer for an unknown login as for a wrong password. */
export async function checkCredentials(db: Db, login: string, password: string): Promise<Actor | null> {
  const found = await findByLogin(db, login);
  const ok = await verifyPassword(found?.passwordHash ?? (await timingDummyHash()), password);
  if (!found || !ok || !found.active) return null;
  return loadActor(db, found.id);
}

export async function getProfile(db: Db, actor: Actor): Promise<Profile> {
  const u = await getUser(db, asSystem(actor), actor.id);
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
  await updateOwnProfile(db, actor, input);
  return getProfile(db, (await loadActor(db, actor.id)) ?? actor);
}

/**
 * Sets a new own password. Every token signed before stops being accepted (decision 032); the caller
 * answers the returned actor (at the new token version) with a fresh token so this session goes on.
 */
export async function changePassword(db: Db, actor: Actor, input: ChangePasswordBody): Promise<Actor> {
  const hash = await passwordHashOf(db, actor.id);
  if (!hash || !(await verifyPassword(hash, input.currentPassword))) {
    throw fieldError('WRONG_CURRENT_PASSWORD', 'currentPassword', 'invalid');
  }
  await setOwnPassword(db, actor, await hashPassword(input.newPassword));
  const changed = await loadActor(db, actor.id);
  if (!changed) throw notFound();
  return changed;
}
