import type { CallMatch } from '@pharma/contracts';
import { hrefOf } from '../../../lib/paths';

/** Where a matched card opens: an organization's or a doctor's screen, a lead's drawer (a colleague has none). */
export function hrefOfMatch(match: CallMatch): string | null {
  if (match.type === 'organization') return hrefOf('organization', { id: match.id });
  if (match.type === 'doctor') return hrefOf('favorite', { id: match.id });
  if (match.type === 'lead') return hrefOf('leads', {}, { lead: match.id });
  return null;
}
