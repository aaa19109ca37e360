import type { i18n as I18n } from 'i18next';
import { formatPhone, type IncomingCallSignal } from '@pharma/contracts';
import { hrefOf } from '../../../lib/paths';
import { hrefOfMatch } from './call-links';

export interface IncomingCallNotice {
  title: string;
  description: string;
  /** the matched card, or a new lead with the number; null for a colleague */
  href: string | null;
  action: string;
}

/** What the incoming call's popup says: the matched card with a button to open it, or the offer of a new lead for an unknown number. */
export async function describeIncomingCall(s: IncomingCallSignal, i18n: I18n): Promise<IncomingCallNotice> {
  await i18n.loadNamespaces('calls');
  const t = i18n.getFixedT(null, 'calls');
  return {
    title: t('incoming.title', { phone: formatPhone(s.phone) }),
    description: s.match ? `${t(`matchTypes.${s.match.type}`)}: ${s.match.name}` : t('incoming.unknown'),
    href: s.match ? hrefOfMatch(s.match) : hrefOf('leads', {}, { phone: s.phone }),
    action: s.match ? t('incoming.open') : t('incoming.newLead'),
  };
}
