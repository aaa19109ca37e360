import { z } from 'zod';

/** Taxpayer number (INN): required, exactly 9 digits (spec §5, §9). */
export const innLength = 9;
export const inn = z
  .string()
  .trim()
  .regex(/^\d{9}$/, { error: 'innFormat' });
