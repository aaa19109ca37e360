import { useSession } from '../../../lib/session';

/** A user who sees more than their own visits (chief, boss, admin, operator) filters by representative. */
export function useSeesTeam(): boolean {
  return useSession().user?.scope !== 'own';
}

/** A representative id from the address bar. */
export function idParam(value: string | undefined): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}
