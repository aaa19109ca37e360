import { api } from '../../../lib/api-client';

/** GET /api/visits/reminders: the signed-in rep's planned visits starting within the lead time. */
export const getVisitReminders = (signal?: AbortSignal) => api.visits.visits.reminders({ signal });
