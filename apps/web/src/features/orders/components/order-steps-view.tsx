import { Steps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Order } from '@pharma/contracts';
import { useWindowWidth } from '../../../lib/use-window-width';
import { formatDateTime } from '../../../lib/format';
import { orderStepItems } from '../order-steps';

/** The order's steps: who and when under each reached one; a cancelled order where it stopped and why. */
export function OrderStepsView({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const narrow = useWindowWidth() < 900;
  const steps = orderStepItems(order);
  return (
    <Steps
      size="small"
      orientation={narrow ? 'vertical' : 'horizontal'}
      titlePlacement={narrow ? undefined : 'vertical'}
      aria-label={t('titles.steps')}
      items={steps.map((s) => ({
        title: t(`enums:orderStatus.${s.status}`),
        status: s.state,
        content:
          s.by || s.reason ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {s.by ? <div>{s.by}</div> : null}
              {s.at ? <div>{formatDateTime(s.at)}</div> : null}
              {s.reason ? (
                <div>
                  {t(s.status === 'cancelled' ? 'fields.refusalReason' : 'fields.overrideReason')}: {s.reason}
                </div>
              ) : null}
            </Typography.Text>
          ) : undefined,
      }))}
    />
  );
}
