import { Tag, Tooltip } from 'antd';
import { StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { BlacklistEntry, OrganizationType } from '@pharma/contracts';
import { formatDate } from '../../../lib/format';

const typeColors: Record<OrganizationType, string> = {
  pharmacy: 'green',
  wholesaler: 'purple',
  hospital: 'blue',
  healthcare: 'cyan',
};

export function OrganizationTypeTag({ type }: { type: OrganizationType }) {
  const { t } = useTranslation();
  return (
    <Tag color={typeColors[type]} variant="filled" className="nowrap">
      {t(`enums:organizationType.${type}`)}
    </Tag>
  );
}

/** The mark of a blacklisted organization, wherever it is shown; the reason on hover and for screen readers. */
export function BlockedTag({ block }: { block: Pick<BlacklistEntry, 'reason' | 'blockedAt'> | null | undefined }) {
  const { t } = useTranslation('organizations');
  const details = block ? t('messages.blockedBecause', { reason: block.reason, date: formatDate(block.blockedAt) }) : undefined;
  return (
    <Tooltip title={details}>
      <Tag color="error" icon={<StopOutlined />} className="nowrap" aria-label={details ? `${t('enums:blocked.true')}: ${details}` : undefined}>
        {t('enums:blocked.true')}
      </Tag>
    </Tooltip>
  );
}
