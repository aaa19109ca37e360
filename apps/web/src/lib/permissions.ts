import { hasPermission, type Permission } from '@pharma/contracts';
import { useSession } from './session';

/** What a screen needs: a right, or only to be signed in. */
export type Access = Permission | 'signedIn';

const noGrants: readonly Permission[] = [];

export function useGrants(): readonly Permission[] {
  return useSession().grants ?? noGrants;
}

export function canAccess(grants: readonly string[], access: Access): boolean {
  return access === 'signedIn' || hasPermission(grants, access);
}

/** `useCan('users.edit')` — hide what the user may not do. */
export function useCan(access: Access): boolean {
  return canAccess(useGrants(), access);
}
