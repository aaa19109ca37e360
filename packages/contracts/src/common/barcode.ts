import { z } from 'zod';

/**
 * Product barcodes: GTIN-8, GTIN-12 (UPC-A), GTIN-13 (EAN-13) or GTIN-14, digits
 * only, the last digit being the GS1 mod-10 check digit.
 */
export const barcodeLengths = [8, 12, 13, 14] as const;

/** The GS1 check digit of the digits before it. */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    // weights 3,1,3,1… counted from the rightmost digit of the body
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

export function isValidBarcode(value: string): boolean {
  if (!/^\d+$/.test(value) || !(barcodeLengths as readonly number[]).includes(value.length)) return false;
  return gtinCheckDigit(value.slice(0, -1)) === Number(value.at(-1));
}

/** Completes 12 digits into an EAN-13 (demo data, label printing). */
export const ean13 = (first12: string) => `${first12}${gtinCheckDigit(first12)}`;

export const barcode = z
  .string()
  .trim()
  .transform((v) => v.replace(/\s/g, ''))
  .refine(isValidBarcode, { error: 'barcodeInvalid' });
