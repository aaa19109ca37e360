import { Alert } from 'antd';
import { DisconnectOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Visit } from '@pharma/contracts';
import { useOnline } from '../../lib/connection';
import { useDayDataAsOf } from '../../lib/day-data';
import { formatTime } from '../../lib/format';
import { useOutbox } from '../../lib/outbox';
import { visitKeys } from '../../features/visits/api/invalidate';
import { keptDrafts, useDraftsVersion } from '../../features/visits/screen/use-draft';

/**
 * Offline, said plainly (issue 13): no connection to the server, and what waits on this device to be
 * sent — the visits' unsaved drug attitudes and counted remainders. Requests fail at once meanwhile
 * (the api client), each with its Retry.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  useDraftsVersion();
  const queryClient = useQueryClient();
  const outbox = useOutbox();
  const asOf = useDayDataAsOf();
  if (online) return null;
  const waiting = [
    ...keptDrafts().map(({ visitId, kind }) => {
      const visit = queryClient.getQueryData<Visit>(visitKeys.detail(visitId));
      return t('offline.draft', { organization: visit?.organizationName ?? t('offline.visit'), what: t(`visit:sections.${kind}`) });
    }),
    // what was saved on the phone and waits in its queue (issue 16)
    ...outbox.items.filter((i) => i.state === 'waiting').map((i) => `${t(`sync:kinds.${i.label.kind}`)}: ${i.label.name}`),
  ];
  return (
    <Alert
      type="warning"
      showIcon
      icon={<DisconnectOutlined />}
      role="status"
      className="offline-banner"
      data-testid="offline-banner"
      title={t('offline.title')}
      description={
        <>
          <div>{t('offline.description')}</div>
          {asOf ? <div data-testid="offline-as-of">{t('sync:labels.asOf', { time: formatTime(asOf) })}</div> : null}
          {waiting.length ? (
            <div>
              {t('offline.waiting', { count: waiting.length })}
              <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                {waiting.map((line, i) => (
                  <li key={i}>{line}</li>
                ))}
              </ul>
            </div>
          ) : null}
        </>
      }
    />
  );
}
