import { useMutation } from '@tanstack/react-query';
import type { CheckDuplicatesBody } from '@pharma/contracts';
import { api } from '../../../lib/api-client';

export const checkDuplicates = (body: CheckDuplicatesBody) => api.organizations.checkDuplicates({ body }).then((answer) => answer.items);

/** Likely duplicates (same inn, or a similar name within 50 m) to show before saving. */
export function useCheckDuplicates() {
  return useMutation({ mutationFn: checkDuplicates });
}
