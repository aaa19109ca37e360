import { pgTable, serial, text, integer, boolean, date, timestamp, index, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Language, Role } from '@pharma/contracts';
import { roles } from '../roles/roles.table.js';
import { departments, branches } from '../org-units/org-units.table.js';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    fullName: text('full_name').notNull(),
    /** stored lower case; unique */
    login: text('login').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    position: text('position').notNull(),
    role: text('role')
      .$type<Role>()
      .notNull()
      .references(() => roles.code),
    managerId: integer('manager_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    departmentId: integer('department_id').references(() => departments.id, { onDelete: 'set null' }),
    branchId: integer('branch_id').references(() => branches.id, { onDelete: 'set null' }),
    /** a contact field of the profile (spec §3), as the user wrote it */
    telegramId: text('telegram_id'),
    /** the Telegram chat that sent this user's one-time code to the company bot: where their notifications go (issue 17) */
    telegramChatId: text('telegram_chat_id').unique(),
    /** the language the user last chose in the app: the company bot speaks it (null: the default) */
    language: text('language').$type<Language>(),
    birthDate: date('birth_date'),
    address: text('address'),
    phones: text('phones').array().notNull().default([]),
    active: boolean('active').notNull().default(true),
    /** raised by a password change, a password reset and a deactivation: tokens signed with an older one are refused (decision 032) */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('users_manager_idx').on(t.managerId), index('users_role_idx').on(t.role), index('users_full_name_idx').on(t.fullName, t.id)],
);
