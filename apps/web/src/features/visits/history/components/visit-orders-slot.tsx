import { List, Skeleton, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../../components/money';
import { QueryError } from '../../../../components/query-error';
import { useOrders, OrderStatusTag, orderItemPath } from '../../../orders';

/**
 * THE place for a visit's orders and payments in the history (spec: "history of visits, with orders,
 * payments"): each order taken on the visit with its status, sum and what was paid, linking to /orders-item.
 */
export function VisitOrdersSlot({ visitId }: { visitId: number }) {
  const { t } = useTranslation('visitHistory');
  const query = useOrders({ visitId, page: 1, size: 100 });
  if (query.isPending) return <Skeleton active paragraph={{ rows: 1 }} />;
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  const items = query.data.items;
  if (!items.length) {
    return (
      <Typography.Text type="secondary" data-slot="visit-orders" data-visit-id={visitId}>
        {t('messages.noOrders')}
      </Typography.Text>
    );
  }
  return (
    <List
      size="small"
      data-slot="visit-orders"
      data-visit-id={visitId}
      dataSource={items}
      renderItem={(order) => (
        <List.Item key={order.id} extra={<OrderStatusTag status={order.status} />}>
          <List.Item.Meta
            title={<Link to={orderItemPath(order.id)}>№ {order.number}</Link>}
            description={
              <>
                {t('orders.sum')}: <Money value={order.sumSale} currency /> · {t('orders.paid')}: <Money value={order.paid} currency />
              </>
            }
          />
        </List.Item>
      )}
    />
  );
}
