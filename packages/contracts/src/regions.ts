import { z } from 'zod';
import { recordId } from './common/validation.js';
import { localizedText } from './common/localized-text.js';

const name = localizedText.extend({
  ru: z.string().trim().min(1, { error: 'required' }).max(120),
  en: z.string().trim().min(1, { error: 'required' }).max(120),
  'uz-Latn': z.string().trim().min(1, { error: 'required' }).max(120),
  'uz-Cyrl': z.string().trim().min(1, { error: 'required' }).max(120),
});

export const district = z.object({ id: z.number().int(), regionId: z.number().int(), name: localizedText });
export type District = z.infer<typeof district>;

export const region = z.object({
  id: z.number().int(),
  code: z.string(),
  name: localizedText,
  districts: z.array(district),
});
export type Region = z.infer<typeof region>;

export const saveRegionBody = z.object({ code: z.string().trim().min(1, { error: 'required' }).max(16), name });
export type SaveRegionBody = z.infer<typeof saveRegionBody>;

export const saveDistrictBody = z.object({ regionId: recordId(), name });
export type SaveDistrictBody = z.infer<typeof saveDistrictBody>;
