import { z } from 'zod';

/**
 * Every validation message is a key of the `validation` namespace, so server and
 * web show the same localized text. Schemas name a key with `{ error: 'key' }`;
 * anything else is mapped here from the issue kind.
 */
export const validationKeys = [
  'required',
  'tooShort',
  'tooLong',
  'tooSmall',
  'tooBig',
  'invalid',
  'invalidOption',
  'invalidDate',
  'phoneInvalid',
  'innFormat',
  'passwordMin',
  'searchMin',
  'loginFormat',
  'endBeforeStart',
  'managerRequired',
  'passwordsDiffer',
  'adminKeepsRoles',
  'percentDecimals',
  'barcodeInvalid',
  'duplicate',
  'productTwice',
  'expiryPassed',
  'dateInFuture',
  'reasonRequired',
  'subcategoryMismatch',
  'categoryDepth',
  'productUnknown',
  'belowReserved',
  'changedMeanwhile',
  'moneyFormat',
  'bankAccountFormat',
  'mfoFormat',
  'coordinatesOutsideUzbekistan',
  'districtNotInRegion',
  'outsideTerritory',
  'plateFormat',
  'deliveryAddressRequired',
  'carCapacityExceeded',
  'belowSettingsPrepayment',
  'periodTooLong',
  'wholeNumber',
  'photoType',
  'photoTooLarge',
  'paymentExceedsOwed',
] as const;
export type ValidationKey = (typeof validationKeys)[number];

const isEmpty = (input: unknown) =>
  input === undefined ||
  input === null ||
  (typeof input === 'string' && input.trim() === '') ||
  // a required list with nothing in it (an income without lines)
  (Array.isArray(input) && input.length === 0);

z.config({
  customError: (issue) => {
    if (isEmpty(issue.input) && issue.code !== 'custom') return 'required';
    switch (issue.code) {
      case 'too_small':
        return issue.origin === 'string' || issue.origin === 'array' ? 'tooShort' : 'tooSmall';
      case 'too_big':
        return issue.origin === 'string' || issue.origin === 'array' ? 'tooLong' : 'tooBig';
      case 'invalid_value':
        return 'invalidOption';
      default:
        return 'invalid';
    }
  },
});

export interface FieldIssue {
  path: string;
  key: string;
  params: Record<string, unknown>;
}

/** Flattens a ZodError to one issue per field (the first one wins). */
export function fieldIssues(error: z.ZodError): FieldIssue[] {
  const seen = new Set<string>();
  const out: FieldIssue[] = [];
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.') || '_';
    if (seen.has(path)) continue;
    seen.add(path);
    const raw = issue as unknown as Record<string, unknown>;
    out.push({
      path,
      key: validationKeys.includes(issue.message as ValidationKey) ? issue.message : 'invalid',
      params: { min: raw.minimum, max: raw.maximum },
    });
  }
  return out;
}

/** A required text: trimmed, non-empty. */
export const requiredText = (max = 255) => z.string().trim().min(1, { error: 'required' }).max(max);
/** An optional text: empty strings become null. */
export const optionalText = (max = 255) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), z.string().trim().max(max).nullable().optional());

/** yyyy-MM-dd (spec §9). */
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'invalidDate' });
export const dateFormat = 'YYYY-MM-DD';
