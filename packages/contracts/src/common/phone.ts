import { z } from 'zod';

/** An Uzbek phone number: +998 and 9 digits, stored without spaces. */
export const uzPhonePattern = /^\+998[1-9]\d{8}$/;

/** Separators people and telephone systems write between digits: spaces of every width, dashes, dots, brackets, slashes. */
const separators = /[\s\p{Pd}\p{Zs}.()[\]/\\\u00ad\u200b-\u200d\u2060\ufeff]/gu;

/**
 * An Uzbek number in any written form — '+998 90 123 45 67', '8 90 1234567', '(90) 123-45-67',
 * '998901234567', '0901234567', '00998 …', 'tel:+998-90-…', full-width digits, unicode spaces and
 * dashes — as +998XXXXXXXXX, or null when it is no Uzbek number (too short, letters, another country).
 */
export function normalizeUzPhone(text: string | null | undefined): string | null {
  if (!text) return null;
  let value = text.normalize('NFKC').trim();
  try {
    if (/%[0-9a-f]{2}/i.test(value)) value = decodeURIComponent(value);
  } catch {
    return null;
  }
  value = value.replace(/^(tel|callto|sip):\/?\/?/i, '');
  // a SIP address or a tel: link's parameters: the number is before them
  value = value.replace(/[@;].*$/, '');
  value = value.replace(separators, '');
  // +998 / 998 (with a stray trunk 0), 00998 and 8 10 998 from abroad, the trunk 8 or 0, or the 9 digits alone
  const national = /^(?:\+?9980?|00998|810998|[08])?([1-9]\d{8})$/.exec(value)?.[1];
  return national ? `+998${national}` : null;
}

/** What a phone field stores: the number normalised when it is an Uzbek one, else the text without separators (refused by `phone`). */
export function normalizePhone(value: string): string {
  return normalizeUzPhone(value) ?? value.replace(/[\s\-()]/g, '');
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
