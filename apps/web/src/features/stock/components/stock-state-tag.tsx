import { Tag, Tooltip } from 'antd';
import { ClockCircleOutlined, ExclamationCircleOutlined, StopOutlined, WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { StockState } from '@pharma/contracts';
import { formatDate } from '../../../lib/format';

const colors: Record<StockState, string> = { recalled: 'magenta', quarantine: 'purple', expired: 'red', shortDated: 'orange', ok: 'green' };
const icons: Partial<Record<StockState, React.ReactNode>> = {
  recalled: <StopOutlined />,
  quarantine: <WarningOutlined />,
  expired: <ExclamationCircleOutlined />,
  shortDated: <ClockCircleOutlined />,
};

/** What a stock row shows (contracts' `stockState`): recalled, quarantine, expired, expiring soon, in date. */
export function StockStateTag({ state, reason }: { state: StockState; reason?: string | null }) {
  const { t } = useTranslation();
  const tag = (
    <Tag color={colors[state]} variant="filled" icon={icons[state]} className="state-tag">
      {t(`enums:stockState.${state}`)}
    </Tag>
  );
  return reason ? <Tooltip title={reason}>{tag}</Tooltip> : tag;
}

/** The row colour of a stock row: short-dated rows stand out, expired and blocked ones too. */
export const stockRowClass = (state: StockState) => (state === 'ok' ? '' : `row-state row-state--${state}`);

/**
 * An expiry date with its days left, coloured by the row's state; `tag` adds the state's tag
 * (expiring soon, expired, quarantine, recalled) so a list needs no separate state column.
 */
export function ExpiryCell({
  expiryDate,
  daysToExpiry,
  state,
  tag = false,
  reason,
}: {
  expiryDate: string;
  daysToExpiry: number;
  state: StockState;
  tag?: boolean;
  reason?: string | null;
}) {
  const { t } = useTranslation('stock');
  const urgent = state === 'expired' || state === 'shortDated';
  return (
    <span className={`expiry expiry--${state}`}>
      <span className="nowrap">
        {formatDate(expiryDate)}
        {tag && state !== 'ok' ? (
          <>
            {' '}
            <StockStateTag state={state} reason={reason} />
          </>
        ) : null}
      </span>
      {urgent ? (
        <span className="expiry__days nowrap">
          {daysToExpiry < 0 ? t('messages.expiredDaysAgo', { count: -daysToExpiry }) : t('messages.daysLeft', { count: daysToExpiry })}
        </span>
      ) : null}
    </span>
  );
}
