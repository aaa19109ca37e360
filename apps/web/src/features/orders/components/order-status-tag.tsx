import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '@pharma/contracts';

const colors: Partial<Record<OrderStatus, string>> = {
  new: 'blue',
  sent_for_review: 'gold',
  in_processing: 'cyan',
  under_agreement: 'orange',
  approved_for_shipment: 'green',
  in_assembly: 'geekblue',
  assembled: 'geekblue',
  ready_for_shipment: 'purple',
  shipped: 'purple',
  delivered: 'lime',
  completed: 'success',
  cancelled: 'red',
};

export function OrderStatusTag({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return <Tag color={colors[status]}>{t(`enums:orderStatus.${status}`)}</Tag>;
}
