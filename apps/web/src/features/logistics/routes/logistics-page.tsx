import { Card, Drawer, type TableProps } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { type DeliverySummary } from '@pharma/contracts';
import { formatNumber } from '../../../lib/format';
import { DataTable, usePagination } from '../../../components/data-table';
import { LinkButton } from '../../../components/link-button';
import { Money, useMoneyTitle } from '../../../components/money';
import { PageHeader } from '../../../components/page-header';
import { idFilter, useListParams } from '../../../lib/use-list-params';
import { useWindowWidth } from '../../../lib/use-window-width';
import { hrefOf } from '../../../lib/paths';
import { useDeliveries } from '../api/deliveries-api';
import { DeliveryDetails } from '../components/delivery-details';
import { useDeliveryRights } from '../delivery-rights';
import { DeliveryDayBar, DeliveryStatusTag, deliveryDayOf, formatKg, formatKm, withId } from '../components/delivery-parts';
import { useToday } from '../../../lib/business-day';

const filterNames = ['date', 'tab', 'id'] as const;

/**
 * /logistics, the desk's and the warehouse's table of deliveries of a date (today by default) by
 * tab; a delivery opens in a drawer (`?id=`) with its stops, route and the warehouse's steps.
 */
export function LogisticsPage() {
  const { t } = useTranslation('logistics');
  const moneyTitle = useMoneyTitle();
  const width = useWindowWidth();
  const { canPlan } = useDeliveryRights();
  const { page, size, sort, filters, update, params } = useListParams(filterNames);
  const { date, tab } = deliveryDayOf(filters, useToday());
  const openId = idFilter(filters.id);
  const query = useDeliveries({ from: date, to: date, tab, page, size, sort });
  const pagination = usePagination(page, size, query.data?.total, (p, s) => update({ page: p, size: s }));

  const columns: TableProps<DeliverySummary>['columns'] = [
    {
      key: 'number',
      title: t('columns.number'),
      className: 'nowrap',
      render: (_, d) => (
        <Link to={{ search: withId(params, d.id) }} replace aria-label={t('actions.openDelivery', { number: d.number })}>
          {d.number}
        </Link>
      ),
    },
    { key: 'type', title: t('columns.type'), render: (_, d) => t(`enums:deliveryType.${d.type}`), responsive: ['md'] },
    { key: 'courier', title: t('columns.courierOrCar'), render: (_, d) => [d.courierName, d.carPlate].filter(Boolean).join(' · ') || '—' },
    {
      key: 'orders',
      title: t('columns.orders'),
      align: 'right',
      className: 'nowrap',
      render: (_, d) => `${formatNumber(d.deliveredCount)} / ${formatNumber(d.stopCount)}`,
    },
    { key: 'boxes', title: t('columns.boxes'), align: 'right', render: (_, d) => formatNumber(d.boxCount), responsive: ['sm'] },
    { key: 'kg', title: t('columns.kg'), align: 'right', render: (_, d) => formatKg(d.weightG), responsive: ['lg'] },
    { key: 'km', title: t('columns.km'), align: 'right', render: (_, d) => formatKm(d.distanceM), responsive: ['sm'] },
    { key: 'cost', title: moneyTitle(t('columns.cost')), align: 'right', render: (_, d) => <Money value={d.cost} />, responsive: ['md'] },
    { key: 'status', title: t('columns.deliveryStatus'), render: (_, d) => <DeliveryStatusTag status={d.status} /> },
  ];

  return (
    <>
      <PageHeader
        title={t('nav:titles.logistics')}
        extra={
          canPlan ? (
            <LinkButton to={hrefOf('shipmentsWizard')} type="primary" icon={<PlusOutlined />}>
              {t('actions.createDelivery')}
            </LinkButton>
          ) : null
        }
      />
      <Card variant="borderless" styles={{ body: { padding: 12 } }}>
        <DeliveryDayBar date={date} tab={tab} update={update} />
        <DataTable<DeliverySummary>
          query={query}
          rows={query.data?.items}
          rowKey="id"
          columns={columns}
          emptyText={t('empty.deliveries')}
          pagination={pagination}
          scroll={{ x: true }}
          onRow={(d) => ({ onDoubleClick: () => update({ id: d.id, page }) })}
        />
      </Card>
      <Drawer
        open={!!openId}
        onClose={() => update({ id: undefined, page })}
        size={width < 900 ? '100%' : 860}
        title={t('titles.deliveryDrawer')}
        destroyOnHidden
      >
        {openId ? <DeliveryDetails id={openId} onDeleted={() => update({ id: undefined, page })} /> : null}
      </Drawer>
    </>
  );
}
