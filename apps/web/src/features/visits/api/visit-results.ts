import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { drugResultsBody, remaindersBody } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import { afterVisitChange, visitKeys } from './invalidate';

export type DrugResultsBody = z.input<typeof drugResultsBody>;
export type RemaindersBody = z.input<typeof remaindersBody>;

export const addVisitDoctor = ({ id, doctorId }: { id: number; doctorId: number }) => api.visits.visits.addDoctor({ params: { id }, body: { doctorId } });
export const saveDrugResults = ({ id, body }: { id: number; body: DrugResultsBody }) => api.visits.visits.saveDrugResults({ params: { id }, body });
export const saveRemainders = ({ id, body }: { id: number; body: RemaindersBody }) => api.visits.visits.saveRemainders({ params: { id }, body });

/** A doctor met: once per visit (the server refuses a second time). */
export function useAddVisitDoctor() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addVisitDoctor, onSuccess: (visit) => afterVisitChange(queryClient, visit) });
}

/** The discussed drugs of every doctor met, with attitude and medication status (replaces the visit's set). */
export function useSaveDrugResults() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveDrugResults, onSuccess: (visit) => afterVisitChange(queryClient, visit) });
}

/** The remainders counted on the shelf (replaces the visit's set); the suggested order follows them. */
export function useSaveRemainders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRemainders,
    onSuccess: (visit) => {
      afterVisitChange(queryClient, visit);
      void queryClient.invalidateQueries({ queryKey: visitKeys.order(visit.id) });
    },
  });
}
