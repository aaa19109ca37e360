import type { Batch, EditBatchRow } from '@pharma/contracts';

/** /editable's rows: the fields edited in place, a batch's values, a change's draft. */
export const editableFields = ['series', 'serialNumber', 'expiryDate', 'onHand', 'basePrice', 'vatPercent', 'markupPercent'] as const;
export type Field = (typeof editableFields)[number];
export type Values = Pick<EditBatchRow, 'series' | 'expiryDate' | 'onHand' | 'basePrice' | 'vatPercent' | 'markupPercent'> & { serialNumber: string | null };
export type Draft = Partial<Record<Field, unknown>>;

export const valuesOf = (b: Batch): Values => ({
  series: b.series,
  serialNumber: b.serialNumber,
  expiryDate: b.expiryDate,
  onHand: b.onHand,
  basePrice: b.basePrice,
  vatPercent: b.vatPercent,
  markupPercent: b.markupPercent,
});
export const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null) || (a === '' && b === null) || (a === null && b === '');
/** Whether a row's edit changed the field from the batch it started from. */
export const cellEdited = (edit: { original: Batch; draft: Draft } | undefined, f: Field) =>
  !!edit && f in edit.draft && !same(edit.draft[f], valuesOf(edit.original)[f]);
