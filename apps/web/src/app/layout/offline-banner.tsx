import { Alert } from 'antd';
import { DisconnectOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Visit } from '@pharma/contracts';
import { useOnline } from '../../lib/connection';
import { useDayDataAsOf } from '../../lib/day-data';
import { formatTime } from '../../lib/format';
import { useOutbox } from '../../lib/outbox';
import { hrefOf } from '../../lib/paths';
import { visitKeys } from '../../features/visits/api/invalidate';
import { keptDrafts, useDraftsVersion } from '../../features/visits/screen/use-draft';

/**
 * Offline, said plainly (issues 13, 16): no connection to the server; what is saved stays on this
 * device and is sent when the connection is back; how old the data on the phone is; how many saved
 * writes wait (a link to the sync log) and what was typed but not saved yet.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  useDraftsVersion();
  const queryClient = useQueryClient();
  const outbox = useOutbox();
  const asOf = useDayDataAsOf();
  if (online) return null;
  const drafts = keptDrafts().map(({ visitId, kind }) => {
    const visit = queryClient.getQueryData<Visit>(visitKeys.detail(visitId));
    return t('offline.draft', { organization: visit?.organizationName ?? t('offline.visit'), what: t(`visit:sections.${kind}`) });
  });
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
          {outbox.waiting ? (
            <div>
              <Link to={hrefOf('sync')}>{t('offline.waiting', { count: outbox.waiting })}</Link>
            </div>
          ) : null}
          {drafts.length ? (
            <div>
              {t('offline.unsaved', { count: drafts.length })}
              <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                {drafts.map((line, i) => (
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
