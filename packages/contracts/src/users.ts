import { z } from 'zod';
import { roleSchema, type Role } from './common/permissions.js';
import { phone } from './common/phone.js';
import { pageQuery, paged } from './common/paging.js';
import { optionalText, requiredText, recordId, queryId } from './common/validation.js';
import { calendarDate } from './common/dates.js';
import { password } from './account.js';

/** Roles at the top of the manager hierarchy: the only ones that need no manager user. */
export const rolesWithoutManager: readonly Role[] = ['admin', 'boss'];

export const loginPattern = /^[a-z0-9._-]{3,32}$/;

const userFields = {
  fullName: requiredText(120),
  login: z.string().trim().toLowerCase().min(1, { error: 'required' }).regex(loginPattern, { error: 'loginFormat' }),
  position: requiredText(120),
  role: roleSchema,
  managerId: recordId().nullable().optional(),
  departmentId: recordId().nullable().optional(),
  branchId: recordId().nullable().optional(),
  telegramId: optionalText(64),
  birthDate: calendarDate.nullable().optional(),
  address: optionalText(255),
  phones: z.array(phone).max(5).default([]),
};

const managerRule = <T extends { role?: Role; managerId?: number | null }>(v: T) => !v.role || rolesWithoutManager.includes(v.role) || !!v.managerId;

/** Staff: create (spec §5: full name, login, password ≥ 8, position, role, manager user). */
export const createUserBody = z.object({ ...userFields, password }).refine(managerRule, { path: ['managerId'], error: 'managerRequired' });
export type CreateUserBody = z.infer<typeof createUserBody>;

/** Staff: edit; a new password is optional. */
export const updateUserBody = z
  .object({
    ...userFields,
    password: z.preprocess((v) => (v === '' ? undefined : v), password.optional()),
  })
  .refine(managerRule, { path: ['managerId'], error: 'managerRequired' });
export type UpdateUserBody = z.infer<typeof updateUserBody>;

export const user = z.object({
  id: z.number().int(),
  fullName: z.string(),
  login: z.string(),
  position: z.string(),
  role: roleSchema,
  managerId: z.number().int().nullable(),
  managerName: z.string().nullable(),
  departmentId: z.number().int().nullable(),
  departmentName: z.string().nullable(),
  branchId: z.number().int().nullable(),
  branchName: z.string().nullable(),
  telegramId: z.string().nullable(),
  birthDate: z.string().nullable(),
  address: z.string().nullable(),
  phones: z.array(z.string()),
  active: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof user>;

export const userSortFields = ['fullName', 'login', 'role', 'position', 'createdAt'] as const;

export const listUsersQuery = pageQuery.extend({
  role: roleSchema.optional(),
  active: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  managerId: queryId().optional(),
  departmentId: queryId().optional(),
});
export type ListUsersQuery = z.input<typeof listUsersQuery>;
export const userList = paged(user);

/** A short pick-list entry (manager choice, filters). */
export const userOption = z.object({ id: z.number().int(), fullName: z.string(), role: roleSchema, active: z.boolean() });
export type UserOption = z.infer<typeof userOption>;
