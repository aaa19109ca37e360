import { useSession } from '../../../lib/session';

/** A user who sees more than their own visits (chief, boss, admin, operator) filters by representative. */
export function useSeesTeam(): boolean {
  return useSession().user?.scope !== 'own';
}
