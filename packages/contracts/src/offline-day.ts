import { z } from 'zod';
import { doctorList } from './doctors.js';
import { organization } from './organizations.js';
import { visit, visitOrder } from './visits.js';

/** GET /api/visits/offline-day?days=: the coming days a rep's phone keeps (issue 16). */
export const offlineDayQuery = z.object({ days: z.coerce.number().int().min(1).max(14) });

/**
 * In one answer, what the visit screen reads for each of the signed-in rep's open visits (planned,
 * overdue, in progress) from today for `days` days: the visit, its order (reservations, pre-orders, the
 * suggested order from the last remainders), its organization (terms, blacklist state) and the
 * organization's doctors — one request on a slow network instead of hundreds.
 */
export const offlineDay = z.object({
  visits: z.array(visit),
  orders: z.array(z.object({ visitId: z.number().int(), order: visitOrder })),
  organizations: z.array(organization),
  doctors: z.array(z.object({ organizationId: z.number().int(), list: doctorList })),
});
export type OfflineDay = z.infer<typeof offlineDay>;

/** The most open visits one answer carries (the nearest first): a rep plans far fewer in two weeks. */
export const offlineDayMaxVisits = 200;
