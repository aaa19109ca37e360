import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { drugResultsBody, remaindersBody, Visit } from '@pharma/contracts';
import { afterVisitChange, visitKeys } from './invalidate';
import { queuedVisitWrite } from './queued-visit-write';

export type DrugResultsBody = z.input<typeof drugResultsBody>;
export type RemaindersBody = z.input<typeof remaindersBody>;

/** Each write answers the visit: the server's, or (queued on the phone) the visit with what the rep entered. */
export const addVisitDoctor = ({ visit, doctorId, fullName }: { visit: Visit; doctorId: number; fullName: string }) =>
  queuedVisitWrite('visitDoctor', visit, { doctorId }, { doctors: [...visit.doctors, { doctorId, fullName }] });
export const saveDrugResults = ({ visit, body, results }: { visit: Visit; body: DrugResultsBody; results: Visit['drugResults'] }) =>
  queuedVisitWrite('visitDrugs', visit, body, { drugResults: results });
export const saveRemainders = ({ visit, body, remainders }: { visit: Visit; body: RemaindersBody; remainders: Visit['remainders'] }) =>
  queuedVisitWrite('visitRemainders', visit, body, { remainders });

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
      if (visit.id > 0) void queryClient.invalidateQueries({ queryKey: visitKeys.order(visit.id) });
    },
  });
}
