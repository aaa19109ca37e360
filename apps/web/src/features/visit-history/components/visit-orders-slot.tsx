import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * THE place for a visit's orders and payments in the history (spec: "history of visits, with
 * orders, payments"). Orders do not exist yet: the orders issue fills this slot with the visit's
 * orders and their payments; until then it says so rather than showing made-up figures.
 */
export function VisitOrdersSlot({ visitId }: { visitId: number }) {
  const { t } = useTranslation('visitHistory');
  return (
    <Typography.Text type="secondary" data-slot="visit-orders" data-visit-id={visitId}>
      {t('messages.ordersUnderDevelopment')}
    </Typography.Text>
  );
}
