import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeliveryStatus, StopStatus } from '@pharma/contracts';

const deliveryColors: Record<DeliveryStatus, string> = {
  planned: 'default',
  in_assembly: 'processing',
  ready: 'cyan',
  on_the_way: 'blue',
  completed: 'success',
};
const stopColors: Record<StopStatus, string> = { pending: 'default', delivered: 'success', partial: 'warning', refused: 'error' };

export function DeliveryStatusTag({ status }: { status: DeliveryStatus }) {
  const { t } = useTranslation('courier');
  return (
    <Tag color={deliveryColors[status]} data-testid="delivery-status">
      {t(`deliveryStatus.${status}`)}
    </Tag>
  );
}

export function StopStatusTag({ status }: { status: StopStatus }) {
  const { t } = useTranslation('courier');
  return (
    <Tag color={stopColors[status]} data-testid="stop-status">
      {t(`stopStatus.${status}`)}
    </Tag>
  );
}
