import { Button } from 'antd';
import { PhoneOutlined } from '@ant-design/icons';
import type { i18n as I18n } from 'i18next';
import type { useAppProps } from 'antd/es/app/context';
import { formatPhone, type IncomingCallSignal } from '@pharma/contracts';
import { hrefOf } from '../../../lib/paths';
import { phoneBelowPx } from '../../../lib/use-window-width';
import { hrefOfMatch } from './call-links';

/** The incoming call's popup: the matched card with a button to open it, or the offer of a new lead for an unknown number. */
export async function showIncomingCall(s: IncomingCallSignal, i18n: I18n, notification: useAppProps['notification'], navigate: (href: string) => void) {
  await i18n.loadNamespaces('calls');
  const t = i18n.getFixedT(null, 'calls');
  const key = `incoming-call-${s.callId}`;
  const href = s.match ? hrefOfMatch(s.match) : hrefOf('leads', {}, { phone: s.phone });
  notification.open({
    key,
    icon: <PhoneOutlined style={{ color: 'var(--ant-color-success)' }} />,
    title: t('incoming.title', { phone: formatPhone(s.phone) }),
    description: s.match ? `${t(`matchTypes.${s.match.type}`)}: ${s.match.name}` : t('incoming.unknown'),
    duration: 30,
    placement: window.innerWidth < phoneBelowPx ? 'top' : 'bottomRight',
    actions: href ? (
      <Button
        type="primary"
        onClick={() => {
          notification.destroy(key);
          navigate(href);
        }}
      >
        {s.match ? t('incoming.open') : t('incoming.newLead')}
      </Button>
    ) : undefined,
  });
}
