import { Card, Flex, Select } from 'antd';
import { PlusOutlined, TruckOutlined } from '@ant-design/icons';
import { useCan } from '../../../lib/permissions';
import { useTranslation } from 'react-i18next';
import { clientTypes, orderStatuses, toOrderStatus, type ClientType, type OrderStatus } from '@pharma/contracts';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { FilterBar } from '../../../components/filter-bar';
import { PageHeader } from '../../../components/page-header';
import { SearchInput } from '../../../components/search-input';
import { idFilter, useListParams } from '../../../lib/use-list-params';
import { RegionSelect } from '../../organizations';
import { RepresentativeSelect, useSeesTeam } from '../../visits';
import { useOrders } from '../api/orders-api';
import { OrdersTable } from '../components/orders-table';
import { QueuedOrders } from '../components/queued-orders';
import { LinkButton } from '../../../components/link-button';
import { hrefOf } from '../../../lib/paths';
import { useDeliveryRights } from '../../logistics';

const filterNames = ['status', 'from', 'to', 'agentId', 'regionId', 'clientType', 'q'] as const;

/**
 * /orders, the operator's desk (and /confirm-orders, which reuses it preset to orders sent for review):
 * status, date range, agent (for users who see a team), the organization's region (those of the
 * user's territories for a representative), client type and organization search, in the URL.
 */
export function OrdersPage({ presetStatus, title }: { presetStatus?: OrderStatus; title?: string }) {
  const { t } = useTranslation(['orders', 'logistics']);
  const seesTeam = useSeesTeam();
  const canCreate = useCan('orders.edit');
  const { canPlan: canPlanDelivery } = useDeliveryRights();
  const { page, size, sort, filters, update } = useListParams(filterNames);
  const status = filters.status === 'all' ? undefined : filters.status ? toOrderStatus(filters.status) : presetStatus;
  const clientType = (clientTypes as readonly string[]).includes(filters.clientType ?? '') ? (filters.clientType as ClientType) : undefined;
  const activeFilters = [filters.status, filters.from ?? filters.to, filters.agentId, filters.regionId, clientType].filter(Boolean).length;
  const query = useOrders({
    status,
    from: filters.from,
    to: filters.to,
    agentId: idFilter(filters.agentId),
    regionId: idFilter(filters.regionId),
    clientType,
    q: filters.q,
    page,
    size,
    sort,
  });

  return (
    <>
      <PageHeader
        title={title ?? t('nav:titles.orders')}
        extra={
          <Flex gap={8} wrap>
            {canPlanDelivery && status === 'approved_for_shipment' ? (
              <LinkButton to={hrefOf('shipmentsWizard')} icon={<TruckOutlined />}>
                {t('logistics:actions.createDelivery')}
              </LinkButton>
            ) : null}
            {canCreate ? (
              <LinkButton to={hrefOf('addOrderNew')} type="primary" icon={<PlusOutlined />}>
                {t('actions.newOrder')}
              </LinkButton>
            ) : null}
          </Flex>
        }
      />
      <QueuedOrders />
      <Card variant="borderless" styles={{ body: { padding: 12 } }}>
        <FilterBar always={<SearchInput value={filters.q} onSearch={(q) => update({ q })} label={t('filters.search')} />} active={activeFilters}>
          <Select<OrderStatus | 'all'>
            aria-label={t('columns.status')}
            value={status ?? 'all'}
            onChange={(next) => update({ status: next === (presetStatus ?? 'all') ? undefined : next })}
            options={[
              { value: 'all', label: t('filters.allStatuses') },
              ...orderStatuses.filter((s) => s !== 'unknown').map((s) => ({ value: s, label: t(`enums:orderStatus.${s}`) })),
            ]}
            style={{ width: 220 }}
          />
          <DateRangeFilter from={filters.from} to={filters.to} onChange={(range) => update(range)} />
          {seesTeam ? (
            <RepresentativeSelect
              ariaLabel={t('columns.agent')}
              placeholder={t('filters.anyAgent')}
              allowClear
              value={idFilter(filters.agentId)}
              onChange={(id) => update({ agentId: id })}
              style={{ width: 220 }}
            />
          ) : null}
          <RegionSelect
            label={t('columns.region')}
            placeholder={t('filters.anyRegion')}
            value={idFilter(filters.regionId)}
            onChange={(regionId) => update({ regionId })}
            width={220}
          />
          <Select<ClientType>
            aria-label={t('columns.clientType')}
            placeholder={t('filters.anyClientType')}
            allowClear
            value={clientType}
            onChange={(next) => update({ clientType: next })}
            options={clientTypes.map((c) => ({ value: c, label: t(`enums:clientType.${c}`) }))}
            style={{ width: 180 }}
          />
        </FilterBar>
        <OrdersTable query={query} page={page} size={size} sort={sort} onChange={update} showAgent={seesTeam} />
      </Card>
    </>
  );
}

/** /confirm-orders: the same desk preset to orders sent for review. */
export function ConfirmOrdersPage() {
  const { t } = useTranslation(['orders', 'logistics']);
  return <OrdersPage presetStatus="sent_for_review" title={t('nav:titles.confirmOrders')} />;
}
