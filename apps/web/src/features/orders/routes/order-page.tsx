import { Breadcrumb, Card, Descriptions, Flex, Skeleton, Statistic } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMoneyTitle } from '../../../components/money';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { NotFound } from '../../../components/not-found';
import { isApiError } from '../../../lib/api-client';
import { hrefOf } from '../../../lib/paths';
import { formatDate, formatMoney, formatPercent } from '../../../lib/format';
import { idFilter } from '../../../lib/use-list-params';
import { useOrder } from '../api/orders-api';
import { OrderActions, OrderCreditAlert } from '../components/order-actions';
import { useCan } from '../../../lib/permissions';
import { OrderPositionsTable } from '../components/order-positions-table';
import { OrderPayments } from '../components/order-payments';
import { OrganizationDebt } from '../components/organization-debt';
import { OrderStatusTag } from '../components/order-status-tag';
import { OrderClientCall } from '../components/order-client-call';
import { OrderStepsView } from '../components/order-steps-view';
import { SpecificationButtons } from '../components/specification-buttons';

/** /orders-item?id=ID: breadcrumb, steps, the order's facts, its positions with totals and the actions allowed to the user. */
export function OrderPage() {
  const { t } = useTranslation('orders');
  const moneyTitle = useMoneyTitle();
  const [params] = useSearchParams();
  const id = idFilter(params.get('id') ?? undefined) ?? 0;
  const query = useOrder(id);
  const canSeeClient = useCan('organizations.view');
  const crumbs = (number?: string) => (
    <Breadcrumb
      style={{ marginBottom: 8 }}
      items={[{ title: <Link to={hrefOf('orders')}>{t('nav:titles.orders')}</Link> }, { title: number ? `№ ${number}` : t('nav:titles.ordersItem') }]}
    />
  );

  // no id, or an order the user may not see (404): the product's not-found state, not a server error
  if (id <= 0 || (isApiError(query.error) && query.error.status === 404)) {
    return (
      <>
        {crumbs()}
        <NotFound />
      </>
    );
  }
  if (query.isPending) return <Skeleton active paragraph={{ rows: 12 }} />;
  if (query.isError || !query.data) {
    return (
      <>
        {crumbs()}
        <PageHeader title={t('nav:titles.ordersItem')} />
        <QueryError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      </>
    );
  }
  const order = query.data;
  return (
    <>
      {crumbs(order.number)}
      <PageHeader
        title={
          <>
            {t('titles.order', { number: order.number, date: formatDate(order.date) })} <OrderStatusTag status={order.status} />
          </>
        }
        extra={<OrderActions order={order} />}
      />
      <OrderCreditAlert order={order} />
      <Flex justify="flex-end" style={{ marginBottom: 12 }}>
        <SpecificationButtons orderId={order.id} />
      </Flex>
      <Card variant="borderless" style={{ marginBottom: 12 }}>
        <OrderStepsView order={order} />
      </Card>
      <Card variant="borderless" style={{ marginBottom: 12 }}>
        <Flex gap={24} wrap justify="space-between">
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2, lg: 3 }}
            style={{ flex: '1 1 520px' }}
            items={[
              {
                key: 'organization',
                label: t('columns.organization'),
                children: (
                  <span>
                    {order.organizationName} {canSeeClient ? <OrderClientCall orderId={order.id} organizationId={order.organizationId} /> : null}
                  </span>
                ),
              },
              { key: 'agent', label: t('columns.agent'), children: order.agentName },
              { key: 'operator', label: t('columns.operator'), children: order.operatorName ?? '—' },
              { key: 'clientType', label: t('columns.clientType'), children: t(`enums:clientType.${order.clientType}`) },
              { key: 'paymentVariant', label: t('columns.paymentVariant'), children: t(`enums:paymentVariant.${order.paymentVariant}`) },
              { key: 'contract', label: t('columns.contract'), children: order.contractNumber ?? '—' },
              { key: 'address', label: t('columns.deliveryAddress'), children: order.deliveryAddress, span: 2 },
              { key: 'invoice', label: t('columns.invoice'), children: order.invoice ?? '—' },
              { key: 'comment', label: t('columns.comment'), children: order.comment ?? '—' },
              { key: 'operatorComment', label: t('columns.operatorComment'), children: order.operatorComment ?? '—' },
              ...(order.refusalReason ? [{ key: 'refusal', label: t('fields.refusalReason'), children: order.refusalReason }] : []),
            ]}
          />
          <Flex gap={24} wrap>
            <Statistic title={moneyTitle(t('columns.sumSale'))} value={formatMoney(order.sumSale)} />
            <Statistic
              title={moneyTitle(t('columns.prepaymentOf', { percent: formatPercent(order.prepaymentPercent) }))}
              value={formatMoney(order.prepaymentAmount)}
            />
            <Statistic title={moneyTitle(t('columns.paid'))} value={formatMoney(order.paid)} />
            <Statistic title={moneyTitle(t('columns.debt'))} value={formatMoney(order.debt)} />
          </Flex>
        </Flex>
      </Card>
      {/* the client's debt is the organization's: asked only by a role that may see organizations (not the warehouse) */}
      {canSeeClient ? (
        <Card variant="borderless" title={t('titles.debt', { organization: order.organizationName })} style={{ marginBottom: 12 }}>
          <OrganizationDebt organizationId={order.organizationId} />
        </Card>
      ) : null}
      <Card variant="borderless" title={t('titles.positions')} styles={{ body: { padding: 12 } }} style={{ marginBottom: 12 }}>
        <OrderPositionsTable order={order} />
      </Card>
      <Card variant="borderless" title={t('titles.payments')} styles={{ body: { padding: 12 } }}>
        <OrderPayments order={order} />
      </Card>
    </>
  );
}
