import { z } from 'zod';

// Apart from languages.ts, which the web's first screen reads without zod (issue 16).

/** A text kept in every interface language (reference data such as regions). */
export const localizedText = z.object({
  ru: z.string(),
  en: z.string(),
  'uz-Latn': z.string(),
  'uz-Cyrl': z.string(),
});
export type LocalizedText = z.infer<typeof localizedText>;
