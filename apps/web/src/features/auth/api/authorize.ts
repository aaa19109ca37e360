import { useMutation } from '@tanstack/react-query';
import type { AuthorizeBody } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import { signIn } from '../../../lib/session';

export const authorize = (body: AuthorizeBody) => api.account.authorize({ body });

/** Sign-in: a 200 answer is stored as the token record (spec §4). */
export function useAuthorize() {
  return useMutation({ mutationFn: authorize, onSuccess: (record) => signIn(record) });
}
