import { z } from 'zod';
import { roleSchema, permissionSchema, dataScopes } from './common/permissions.js';
import { languages } from './common/languages.js';
import { phone } from './common/phone.js';
import { optionalText, requiredText } from './common/validation.js';
import { calendarDate } from './common/dates.js';

/** Password minimum length (spec §5, §9). */
export const passwordMinLength = 8;
export const password = z.string().min(passwordMinLength, { error: 'passwordMin' }).max(128);

/** Sign-in form: POST /api/account/authorize. */
export const authorizeBody = z.object({
  login: z.string().trim().toLowerCase().min(1, { error: 'required' }).max(64),
  password: z.string().min(1, { error: 'required' }).max(128),
});
export type AuthorizeBody = z.infer<typeof authorizeBody>;

export const sessionUser = z.object({
  id: z.number().int(),
  fullName: z.string(),
  login: z.string(),
  role: roleSchema,
  position: z.string(),
  scope: z.enum(dataScopes),
});
export type SessionUser = z.infer<typeof sessionUser>;

/** The token record the browser keeps under the `token` key (spec §3, §4). */
export const tokenRecord = z.object({
  access_token: z.string(),
  grants: z.array(permissionSchema),
  /** instant the token stops being accepted (ISO 8601) */
  expires: z.string(),
  user: sessionUser,
});
export type TokenRecord = z.infer<typeof tokenRecord>;

export const profile = sessionUser.extend({
  telegramId: z.string().nullable(),
  birthDate: z.string().nullable(),
  address: z.string().nullable(),
  phones: z.array(z.string()),
  managerName: z.string().nullable(),
  grants: z.array(permissionSchema),
});
export type Profile = z.infer<typeof profile>;

/** What a user may change about themselves. */
export const updateProfileBody = z.object({
  fullName: requiredText(120),
  telegramId: optionalText(64),
  birthDate: calendarDate.nullable().optional(),
  address: optionalText(255),
  phones: z.array(phone).max(5).default([]),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;

export const changePasswordBody = z
  .object({
    currentPassword: z.string().min(1, { error: 'required' }),
    newPassword: password,
    confirmPassword: z.string().min(1, { error: 'required' }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], error: 'passwordsDiffer' });
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

export const languageSchema = z.enum(languages);
/** PUT /api/account/language: the language the user chose in the app, which the company bot speaks to them (issue 17) */
export const saveLanguageBody = z.object({ language: languageSchema });
