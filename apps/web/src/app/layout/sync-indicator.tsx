import { Badge, Button } from 'antd';
import { CloudSyncOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useOutbox } from '../../lib/outbox';
import { hrefOf } from '../../lib/paths';

/**
 * The header's sync indicator (issue 16): how many writes made on this device wait to be sent (red
 * when some need attention); it opens the sync log. Nothing shows on a device that never queued one.
 */
export function SyncIndicator() {
  const { t } = useTranslation('sync');
  const navigate = useNavigate();
  const { items, waiting, attention } = useOutbox();
  if (!items.length) return null;
  const label = attention ? t('indicator.attention', { count: attention }) : waiting ? t('indicator.label', { count: waiting }) : t('indicator.idle');
  return (
    <Badge count={attention || waiting} color={attention ? 'red' : 'gold'} size="small" offset={[-4, 4]}>
      <Button
        type="text"
        icon={<CloudSyncOutlined />}
        onClick={() => void navigate(hrefOf('sync'))}
        aria-label={label}
        title={label}
        data-testid="sync-indicator"
        data-waiting={waiting}
        data-attention={attention}
      />
    </Badge>
  );
}
