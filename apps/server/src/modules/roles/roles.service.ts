import { eq, count } from 'drizzle-orm';
import { roles as roleCodes, type Role, type RoleRights, type UpdateRoleRightsBody } from '@pharma/contracts';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { fieldError, notFound } from '../../platform/errors.js';
import { recordAudit } from '../../platform/audit/audit.js';
import { users } from '../users/users.table.js';
import { roles, rolePermissions } from './roles.table.js';

export async function listRoleRights(db: Db): Promise<RoleRights[]> {
  const [roleRows, grantRows, userCounts] = await Promise.all([
    db.select().from(roles),
    db.select().from(rolePermissions),
    db.select({ role: users.role, n: count() }).from(users).groupBy(users.role),
  ]);
  return roleCodes
    .map((code) => {
      const row = roleRows.find((r) => r.code === code);
      if (!row) return null;
      return {
        role: code,
        scope: row.scope,
        grants: grantRows
          .filter((g) => g.role === code)
          .map((g) => g.permission)
          .sort(),
        userCount: Number(userCounts.find((u) => u.role === code)?.n ?? 0),
      };
    })
    .filter((r): r is RoleRights => r !== null);
}

export async function updateRoleRights(db: Db, actor: Actor, role: Role, input: UpdateRoleRightsBody): Promise<RoleRights> {
  // the administrator must never lock everybody out of this very screen
  if (role === 'admin' && !(input.grants.includes('roles.view') && input.grants.includes('roles.edit'))) {
    throw fieldError('VALIDATION_FAILED', 'grants', 'adminKeepsRoles');
  }
  const grants = [...new Set(input.grants)].sort();
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(roles).where(eq(roles.code, role)).for('update');
    if (!before) throw notFound();
    const beforeGrants = (await tx.select().from(rolePermissions).where(eq(rolePermissions.role, role))).map((g) => g.permission).sort();
    await tx.update(roles).set({ scope: input.scope }).where(eq(roles.code, role));
    await tx.delete(rolePermissions).where(eq(rolePermissions.role, role));
    if (grants.length) await tx.insert(rolePermissions).values(grants.map((permission) => ({ role, permission })));
    await recordAudit(tx, actor, {
      entity: 'role',
      entityId: role,
      action: 'update',
      before: { scope: before.scope, grants: beforeGrants },
      after: { scope: input.scope, grants },
    });
  });
  return (await listRoleRights(db)).find((r) => r.role === role)!;
}
