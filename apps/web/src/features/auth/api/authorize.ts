import type { AuthorizeBody, TokenRecord } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import { signIn } from '../../../lib/session';

/**
 * Sign-in: POST /api/account/authorize; a 200 answer is stored as the token record (spec §4). A plain call,
 * not a TanStack mutation: the sign-in screen loads without the query library (issue 16, decision 043).
 */
export async function authorize(body: AuthorizeBody): Promise<TokenRecord> {
  const record = await api.account.authorize({ body });
  signIn(record);
  return record;
}
