import type { VisitReminders } from '@pharma/contracts';
import { api } from '../../../lib/api-client';

/** GET /api/visits/reminders: the signed-in rep's planned visits starting within the lead time. */
export const getVisitReminders = (signal?: AbortSignal) => api.get<VisitReminders>('/visits/reminders', { signal });
