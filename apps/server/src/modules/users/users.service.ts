import { and, eq, ilike, inArray, ne, or, sql, count, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CreateUserBody, Language, ListUsersQuery, UpdateProfileBody, UpdateUserBody, User, Paged, UserOption, Permission } from '@pharma/contracts';
import { type listUsersQuery } from '@pharma/contracts';
import type { z } from 'zod';
import { queryRows, type Db, type Tx } from '../../db/client.js';
import { asSystem, type Actor } from '../../platform/auth.js';
import { inScope } from '../../platform/scope.js';
import { AppError, fieldError, notFound } from '../../platform/errors.js';
import { recordAudit } from '../../platform/audit/audit.js';
import { isUniqueViolation } from '../../platform/sql.js';
import { hashPassword } from '../../platform/passwords.js';
import { likePattern, offsetOf, orderBy } from '../../platform/paging.js';
import { users } from './users.table.js';
import { roles, rolePermissions } from '../roles/roles.table.js';
import { departments, branches } from '../org-units/org-units.table.js';

const manager = alias(users, 'manager');

const userColumns = {
  id: users.id,
  fullName: users.fullName,
  login: users.login,
  position: users.position,
  role: users.role,
  managerId: users.managerId,
  managerName: manager.fullName,
  departmentId: users.departmentId,
  departmentName: departments.name,
  branchId: users.branchId,
  branchName: branches.name,
  telegramId: users.telegramId,
  birthDate: users.birthDate,
  address: users.address,
  phones: users.phones,
  active: users.active,
  createdAt: sql<string>`to_char(${users.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
};

const selectUsers = (db: Db) =>
  db
    .select(userColumns)
    .from(users)
    .leftJoin(manager, eq(manager.id, users.managerId))
    .leftJoin(departments, eq(departments.id, users.departmentId))
    .leftJoin(branches, eq(branches.id, users.branchId));

/** The signed-in user with their role's current rights; null when unknown or deactivated. */
export async function loadActor(db: Db, id: number): Promise<Actor | null> {
  const [row] = await db
    .select({
      id: users.id,
      fullName: users.fullName,
      login: users.login,
      position: users.position,
      role: users.role,
      active: users.active,
      tokenVersion: users.tokenVersion,
      scope: roles.scope,
      grants: sql<
        Permission[]
      >`coalesce((select array_agg(${rolePermissions.permission} order by ${rolePermissions.permission}) from ${rolePermissions} where ${rolePermissions.role} = ${users.role}), '{}')`,
    })
    .from(users)
    .innerJoin(roles, eq(roles.code, users.role))
    .where(eq(users.id, id));
  if (!row || !row.active) return null;
  const { active: _active, ...actor } = row;
  return actor;
}

export async function findByLogin(db: Db, login: string) {
  const [row] = await db.select().from(users).where(eq(users.login, login.toLowerCase()));
  return row ?? null;
}

const sortColumns = {
  fullName: users.fullName,
  login: users.login,
  role: users.role,
  position: users.position,
  createdAt: users.createdAt,
};

export async function listUsers(db: Db, actor: Actor, query: z.output<typeof listUsersQuery>): Promise<Paged<User>> {
  const conditions: (SQL | undefined)[] = [
    inScope(actor, users.id),
    query.role ? eq(users.role, query.role) : undefined,
    query.active === undefined ? undefined : eq(users.active, query.active),
    query.managerId ? eq(users.managerId, query.managerId) : undefined,
    query.departmentId ? eq(users.departmentId, query.departmentId) : undefined,
    query.q
      ? or(
          ilike(users.fullName, likePattern(query.q)),
          ilike(users.login, likePattern(query.q)),
          ilike(users.position, likePattern(query.q)),
          sql`array_to_string(${users.phones}, ' ') like ${likePattern(query.q.replace(/\s/g, ''))}`,
        )
      : undefined,
  ];
  const where = and(...conditions);
  const order = orderBy(query.sort, sortColumns, 'fullName', users.id);
  const [items, [totalRow]] = await Promise.all([
    // the page's ids come from the users table alone (an index-ordered scan), then only those rows are joined
    selectUsers(db)
      .where(
        inArray(
          users.id,
          db
            .select({ id: users.id })
            .from(users)
            .where(where)
            .orderBy(...order)
            .limit(query.size)
            .offset(offsetOf(query)),
        ),
      )
      .orderBy(...order),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { items, total: totalRow?.total ?? 0, page: query.page, size: query.size };
}

/** Active users in the actor's scope, for pick-lists (manager choice, filters). */
export async function userOptions(db: Db, actor: Actor, role?: string): Promise<UserOption[]> {
  return db
    .select({ id: users.id, fullName: users.fullName, role: users.role, active: users.active })
    .from(users)
    .where(and(inScope(actor, users.id), eq(users.active, true), role ? eq(users.role, role as User['role']) : undefined))
    .orderBy(users.fullName)
    .limit(1000);
}

/** Locks a user's row until the transaction ends: changes hanging on one user (their territories) go one at a time. */
export async function lockUser(tx: Tx, id: number) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
}

export async function getUser(db: Db, actor: Actor, id: number): Promise<User> {
  const [row] = await selectUsers(db).where(and(eq(users.id, id), inScope(actor, users.id)));
  if (!row) throw notFound();
  return row;
}

async function assertReferences(db: Db, actor: Actor, input: { managerId?: number | null }, selfId?: number) {
  if (!input.managerId) return;
  if (input.managerId === selfId) throw fieldError('MANAGER_CYCLE', 'managerId', 'invalid');
  const [mgr] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, input.managerId), inScope(actor, users.id)));
  if (!mgr) throw fieldError('VALIDATION_FAILED', 'managerId', 'invalidOption');
  if (selfId) {
    // the new manager must not be somebody under this user
    const rows = await queryRows<{ id: number }>(
      db,
      sql`with recursive sub(id) as (
        select ${selfId}::int union select u.id from users u join sub s on u.manager_id = s.id
      ) select id from sub where id = ${input.managerId}`,
    );
    if (rows.length > 0) throw fieldError('MANAGER_CYCLE', 'managerId', 'invalid');
  }
}

export async function createUser(db: Db, actor: Actor, input: CreateUserBody): Promise<User> {
  await assertReferences(db, actor, input);
  const passwordHash = await hashPassword(input.password);
  try {
    const id = await db.transaction(async (tx) => {
      const { password: _password, ...fields } = input;
      const [created] = await tx
        .insert(users)
        .values({ ...fields, passwordHash })
        .returning();
      await recordAudit(tx, actor, { entity: 'user', entityId: created!.id, action: 'create', after: created });
      return created!.id;
    });
    return getUser(db, asSystem(actor), id);
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('LOGIN_TAKEN', 'login', 'invalid');
    throw error;
  }
}

export async function updateUser(db: Db, actor: Actor, id: number, input: UpdateUserBody): Promise<User> {
  await getUser(db, actor, id);
  await assertReferences(db, actor, input, id);
  const { password, ...fields } = input;
  const passwordHash = password ? await hashPassword(password) : undefined;
  try {
    await db.transaction(async (tx) => {
      const [before] = await tx.select().from(users).where(eq(users.id, id)).for('update');
      const [after] = await tx
        .update(users)
        // a new password (an administrator's reset) signs the user out everywhere (decision 032)
        .set({ ...fields, ...(passwordHash ? { passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` } : {}), updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      await recordAudit(tx, actor, { entity: 'user', entityId: id, action: 'update', before, after });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('LOGIN_TAKEN', 'login', 'invalid');
    throw error;
  }
  return getUser(db, actor, id);
}

export async function setUserActive(db: Db, actor: Actor, id: number, active: boolean): Promise<User> {
  await getUser(db, actor, id);
  if (!active && id === actor.id) throw new AppError('FORBIDDEN');
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    // a deactivation ends every session: the tokens signed before it stay refused after a re-activation (decision 032)
    const [after] = await tx
      .update(users)
      .set({ active, ...(active ? {} : { tokenVersion: sql`${users.tokenVersion} + 1` }), updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    await recordAudit(tx, actor, { entity: 'user', entityId: id, action: active ? 'activate' : 'deactivate', before, after });
  });
  return getUser(db, actor, id);
}

export async function countUsersByRole(db: Db) {
  return db.select({ role: users.role, n: count() }).from(users).groupBy(users.role);
}

export type { ListUsersQuery };

/** The signed-in user's own details (the profile page): one transaction with its audit record. */
export async function updateOwnProfile(db: Db, actor: Actor, input: UpdateProfileBody): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(users).where(eq(users.id, actor.id)).for('update');
    if (!before) throw notFound();
    const [after] = await tx
      .update(users)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(users.id, actor.id))
      .returning();
    await recordAudit(tx, actor, { entity: 'user', entityId: actor.id, action: 'update', before, after });
  });
}

/** The stored password hash of a user (to check the current password before a change), or null. */
export async function passwordHashOf(db: Db, id: number): Promise<string | null> {
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, id));
  return row?.hash ?? null;
}

/** The signed-in user's new password (already hashed), with its audit record; older tokens end. */
export async function setOwnPassword(db: Db, actor: Actor, passwordHash: string): Promise<void> {
  await db.transaction(async (tx) => {
    // every token signed before stops being accepted (decision 032)
    await tx
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: sql`now()` })
      .where(eq(users.id, actor.id));
    await recordAudit(tx, actor, { entity: 'user', entityId: actor.id, action: 'changePassword' });
  });
}

/** PUT /api/account/language: the language the user chose in the app, which the company bot speaks to them. */
export async function setOwnLanguage(db: Db, actor: Actor, language: Language): Promise<void> {
  await db.update(users).set({ language }).where(eq(users.id, actor.id));
}

/**
 * Links a user's Telegram chat (issue 17), or unlinks it (null). A chat belongs to one user: linking it
 * takes it from whoever had it before, in the same transaction.
 */
export async function setTelegramChat(tx: Tx, userId: number, chatId: string | null, language?: Language): Promise<void> {
  if (chatId !== null)
    await tx
      .update(users)
      .set({ telegramChatId: null })
      .where(and(eq(users.telegramChatId, chatId), ne(users.id, userId)));
  await tx
    .update(users)
    .set({ telegramChatId: chatId, ...(language ? { language } : {}) })
    .where(eq(users.id, userId));
}

/** The active user a Telegram chat is linked to, with what the bot needs to answer them. */
export async function userOfTelegramChat(db: Db, chatId: string): Promise<{ id: number; fullName: string; language: Language | null } | null> {
  const [row] = await db
    .select({ id: users.id, fullName: users.fullName, language: users.language })
    .from(users)
    .where(and(eq(users.telegramChatId, chatId), eq(users.active, true)));
  return row ?? null;
}
