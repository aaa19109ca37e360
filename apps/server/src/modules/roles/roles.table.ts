import { pgTable, text, primaryKey } from 'drizzle-orm/pg-core';
import type { DataScope, Permission, Role } from '@pharma/contracts';

export const roles = pgTable('roles', {
  code: text('code').$type<Role>().primaryKey(),
  scope: text('scope').$type<DataScope>().notNull(),
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    role: text('role')
      .$type<Role>()
      .notNull()
      .references(() => roles.code, { onDelete: 'cascade' }),
    permission: text('permission').$type<Permission>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.role, t.permission] })],
);
