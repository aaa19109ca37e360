import { z } from 'zod';
import { phone } from './common/phone.js';
import { pageQuery, paged } from './common/paging.js';
import { optionalText, requiredText, recordId, queryId } from './common/validation.js';
import { organizationTypeSchema } from './organizations.js';

/** Doctors' specializations (labels: enums:doctorSpecialization.<value>). */
export const doctorSpecializations = [
  'therapist',
  'familyDoctor',
  'pediatrician',
  'cardiologist',
  'neurologist',
  'gynecologist',
  'endocrinologist',
  'ent',
  'surgeon',
  'urologist',
  'dermatologist',
  'ophthalmologist',
  'gastroenterologist',
  'pulmonologist',
  'rheumatologist',
  'traumatologist',
  'infectiousDisease',
  'oncologist',
  'psychiatrist',
  'dentist',
  'other',
] as const;
export type DoctorSpecialization = (typeof doctorSpecializations)[number];

/**
 * Doctor (spec §3) with the rules of spec §5: name, surname, phone (valid),
 * specialization and organization are required. The same name and phone cannot
 * be added twice to one organization (409 DOCTOR_ALREADY_ADDED).
 */
export const saveDoctorBody = z.object({
  firstName: requiredText(60),
  lastName: requiredText(60),
  middleName: optionalText(60),
  phone,
  position: optionalText(120),
  specialization: z.enum(doctorSpecializations),
  organizationId: recordId(),
});
export type SaveDoctorBody = z.infer<typeof saveDoctorBody>;

/** "Surname Name Middle-name", the way the product shows a doctor. */
export function doctorFullName(d: { firstName: string; lastName: string; middleName?: string | null }): string {
  return [d.lastName, d.firstName, d.middleName].filter((p) => p && p.trim()).join(' ');
}

export const doctor = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  middleName: z.string().nullable(),
  fullName: z.string(),
  phone: z.string(),
  position: z.string().nullable(),
  specialization: z.enum(doctorSpecializations),
  organizationId: z.number().int(),
  organizationName: z.string(),
  organizationType: organizationTypeSchema,
  /** the doctor's organization is on the blacklist */
  organizationBlocked: z.boolean(),
  /** in the signed-in user's favorite doctors */
  favorite: z.boolean(),
  createdAt: z.string(),
});
export type Doctor = z.infer<typeof doctor>;

export const doctorSortFields = ['fullName', 'specialization', 'organizationName', 'createdAt'] as const;

/**
 * GET /api/doctors: /choose-doctor (?organizationId=), /favorites (?favorite=true);
 * q (≥ 4 characters, either script) searches name, phone, position.
 */
export const listDoctorsQuery = pageQuery.extend({
  organizationId: queryId().optional(),
  specialization: z.enum(doctorSpecializations).optional(),
  favorite: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type ListDoctorsQuery = z.input<typeof listDoctorsQuery>;
export const doctorList = paged(doctor);
