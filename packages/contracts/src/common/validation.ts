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
  'invalidCharacters',
  'telegramOff',
  'telegramNotLinked',
  'assigneeOutOfScope',
  'attachmentType',
  'attachmentTooLarge',
  'participantOutOfScope',
  'leadAssigneeOutOfScope',
  'httpUrlOnly',
  'optionsTooFew',
  'correctOptionsCount',
  'acceptedAnswersRequired',
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

// ---------------------------------------------------------------- integers (decision 034)
// Every integer a request may carry is bounded by the column it lands in, so no input reaches
// PostgreSQL out of range: ids, counts and quantities are `integer`; money in tiyin and sums are
// `bigint` and marked int64 in the OpenAPI document. The contract fuzz test checks both.

/** The largest PostgreSQL `integer` (every id, count and quantity column). */
export const maxInt32 = 2_147_483_647;
/** An integer of an `integer` column (a count, a quantity, days, a version). */
export const int32 = () => z.int32();
/** A record id in a body (every id is a serial `integer`). */
export const recordId = () => z.int32().positive();
/** An integer of a query or a path, from its text; bounded like int32. */
export const queryInt32 = () =>
  z.coerce
    .number()
    .int()
    .min(-maxInt32 - 1)
    .max(maxInt32);
/** A record id of a query or a path (`/api/orders/{id}`, `?organizationId=`). */
export const queryId = () => queryInt32().positive();
/** An integer of a `bigint` column (money in tiyin, sums): a safe integer within [min, max], int64 in OpenAPI. */
export const int64 = (min: number, max: number) => z.number().int().min(min).max(max).meta({ format: 'int64' });

/**
 * Text PostgreSQL cannot store or that is not text at all: a NUL character, or half of a UTF-16
 * surrogate pair. Every request is checked for it before validation (decision 034).
 */
export function hasForbiddenCharacters(text: string): boolean {
  return text.includes('\u0000') || loneSurrogate.test(text);
}
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** yyyy-MM-dd (spec §9). */
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'invalidDate' });
export const dateFormat = 'YYYY-MM-DD';
