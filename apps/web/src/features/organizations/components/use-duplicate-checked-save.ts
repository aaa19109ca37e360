import { useState } from 'react';
import type { DuplicateCandidate, SaveOrganizationBody } from '@pharma/contracts';
import { ApiError } from '../../../lib/api-client';
import { useCheckDuplicates } from '../api/check-duplicates';

/**
 * Saving an organization with its likely duplicates shown first: `check` asks the server for them (none →
 * save); the candidates wait for the user's `confirm` (save anyway) or `cancel`. A save the server refuses
 * as a likely duplicate (another user saved one meanwhile) shows the dialog too; other errors go to `fail`.
 */
export function useDuplicateCheckedSave(excludeId: number | null, onSave: (body: SaveOrganizationBody) => Promise<unknown>, fail: (error: unknown) => void) {
  const duplicates = useCheckDuplicates();
  const [candidates, setCandidates] = useState<DuplicateCandidate[] | null>(null);
  const [pending, setPending] = useState<SaveOrganizationBody | null>(null);

  const save = (body: SaveOrganizationBody): Promise<void> =>
    onSave(body).then(
      () => undefined,
      (error: unknown): Promise<void> | void => {
        if (error instanceof ApiError && error.code === 'LIKELY_DUPLICATE') return check(body, true);
        fail(error);
      },
    );

  /** Likely duplicates first; none → save. `always` shows the dialog even if the check finds nothing new. */
  const check = (body: SaveOrganizationBody, always = false): Promise<void> =>
    duplicates
      .mutateAsync({ name: String(body.name), inn: body.inn ? String(body.inn) : undefined, lat: body.lat ?? null, lng: body.lng ?? null, excludeId })
      .then(
        (items): Promise<void> | void => {
          if (items.length === 0 && !always) return save(body);
          setPending(body);
          setCandidates(items);
        },
        // the check is advice: if it fails, the save itself still refuses a duplicate
        () => save(body),
      );

  const cancel = () => {
    setCandidates(null);
    setPending(null);
  };
  const confirm = () => {
    if (!pending) return;
    const body = { ...pending, confirmDuplicate: true };
    cancel();
    void onSave(body).catch(fail);
  };
  return { check, checking: duplicates.isPending, candidates, cancel, confirm };
}
