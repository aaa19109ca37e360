import { z } from 'zod';

/** A support phone the product shows when the configuration names none (spec §1: a support phone number is shown). */
export const defaultSupportPhone = '+998712000300';

/** GET /api/app-config: what the screens show before anyone signs in (the login page) and in the footer. */
export const publicConfig = z.object({
  /** the distributor's support line, shown on the login page and in the app footer (spec §1) */
  supportPhone: z.string(),
  /** how many days ahead a field role's phone keeps its work for offline use (issue 16) */
  offlineDays: z.number().int().min(1).max(14),
});
export type PublicConfig = z.infer<typeof publicConfig>;

/** Days of planned work a phone keeps when the configuration says nothing (OFFLINE_DAYS). */
export const defaultOfflineDays = 7;
