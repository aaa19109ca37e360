import { z } from 'zod';

/** An Uzbek phone number: +998 and 9 digits, stored without spaces. */
export const uzPhonePattern = /^\+998\d{9}$/;

export function normalizePhone(value: string): string {
  const digits = value.replace(/[\s\-()]/g, '');
  if (/^998\d{9}$/.test(digits)) return `+${digits}`;
  if (/^\d{9}$/.test(digits)) return `+998${digits}`;
  return digits;
}

export const phone = z.preprocess(
  (value) => (typeof value === 'string' ? normalizePhone(value) : value),
  z.string().regex(uzPhonePattern, { error: 'phoneInvalid' }),
);

/** Formats +998901234567 as +998 90 123 45 67. */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return '';
  const m = /^\+998(\d{2})(\d{3})(\d{2})(\d{2})$/.exec(value);
  return m ? `+998 ${m[1]} ${m[2]} ${m[3]} ${m[4]}` : value;
}
