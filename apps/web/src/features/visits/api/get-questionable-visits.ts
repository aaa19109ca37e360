import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { questionableVisitsQuery } from '@pharma/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { visitKeys } from './invalidate';

export type QuestionableVisitsParams = z.input<typeof questionableVisitsQuery> & { page: number; size: number };

export const getQuestionableVisits = (params: QuestionableVisitsParams, signal?: AbortSignal) => api.visits.visits.questionable({ query: params, signal });

export const questionableVisitsQueryOptions = (params: QuestionableVisitsParams) =>
  queryOptions({
    queryKey: visitKeys.questionable(params),
    queryFn: ({ signal }) => getQuestionableVisits(params, signal),
    placeholderData: keepPreviousData,
  });

/** The manager's queue of questionable visits of their team (never their own), by review state. */
export function useQuestionableVisits(params: QuestionableVisitsParams) {
  return useQuery(questionableVisitsQueryOptions(params));
}
