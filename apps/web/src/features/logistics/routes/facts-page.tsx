import { Card, Col, Flex, Row, Select, Statistic, Table, Tag, Typography, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { addDays, type DeliveryFact, type DeliveryFactTotal } from '@pharma/contracts';
import { DataTable, usePagination } from '../../../components/data-table';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { DownloadButton } from '../../../components/download-button';
import { Money, useMoneyTitle } from '../../../components/money';
import { PageHeader } from '../../../components/page-header';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { idFilter, useListParams } from '../../../lib/use-list-params';
import { useUserOptions } from '../../users';
import { useCars } from '../api/get-cars';
import { exportDeliveryFacts, useDeliveryFacts } from '../api/deliveries-api';
import { StopProofNote, formatKm } from '../components/delivery-parts';
import { useToday } from '../../../lib/business-day';

const filterNames = ['from', 'to', 'courierId', 'carId'] as const;
const outcomeColors = { pending: 'default', delivered: 'success', partial: 'warning', refused: 'error' } as const;

/**
 * /facts: the delivered facts of a period (the last 7 days by default) — what was delivered, where,
 * when, by whom, to whom — each with its share of its delivery's boxes, km and cost; totals per
 * courier and per car; the same as .xlsx.
 */
export function FactsPage() {
  const { t } = useTranslation('logistics');
  const moneyTitle = useMoneyTitle();
  const { page, size, sort, filters, update } = useListParams(filterNames);
  const today = useToday();
  const from = filters.from ?? addDays(today, -6);
  const to = filters.to ?? today;
  const params = { from, to, courierId: idFilter(filters.courierId), carId: idFilter(filters.carId), sort };
  const query = useDeliveryFacts({ ...params, page, size });
  const couriers = useUserOptions('courier');
  const cars = useCars();
  const pagination = usePagination(page, size, query.data?.total, (p, s) => update({ page: p, size: s }));
  const totals = query.data?.totals;

  const columns: TableProps<DeliveryFact>['columns'] = [
    { key: 'deliveredAt', title: t('columns.deliveredAt'), className: 'nowrap', render: (_, f) => formatDateTime(f.deliveredAt) },
    { key: 'delivery', title: t('columns.delivery'), className: 'nowrap', render: (_, f) => f.deliveryNumber, responsive: ['md'] },
    { key: 'order', title: t('columns.order'), className: 'nowrap', render: (_, f) => f.orderNumber },
    { key: 'organization', title: t('columns.organization'), render: (_, f) => f.organizationName },
    { key: 'address', title: t('columns.address'), render: (_, f) => f.address, responsive: ['lg'] },
    { key: 'outcome', title: t('columns.outcome'), render: (_, f) => <Tag color={outcomeColors[f.status]}>{t(`enums:stopStatus.${f.status}`)}</Tag> },
    {
      key: 'proof',
      title: t('columns.fromStop'),
      render: (_, f) => (
        <StopProofNote
          proof={f.proofLat === null || f.proofLng === null ? null : { lat: f.proofLat, lng: f.proofLng, distanceM: f.proofDistanceM, far: f.farFromStop }}
        />
      ),
    },
    { key: 'courier', title: t('columns.courierOrCar'), render: (_, f) => [f.courierName, f.carPlate].filter(Boolean).join(' · ') || '—', responsive: ['sm'] },
    { key: 'recipient', title: t('columns.recipient'), render: (_, f) => f.recipientName ?? '—', responsive: ['lg'] },
    { key: 'boxes', title: t('columns.boxes'), align: 'right', render: (_, f) => formatNumber(f.boxes), responsive: ['md'] },
    { key: 'km', title: t('columns.km'), align: 'right', render: (_, f) => formatKm(f.distanceM), responsive: ['md'] },
    { key: 'cost', title: moneyTitle(t('columns.cost')), align: 'right', render: (_, f) => <Money value={f.cost} /> },
  ];

  const totalColumns = (nameTitle: string): TableProps<DeliveryFactTotal>['columns'] => [
    { key: 'name', title: nameTitle, render: (_, r) => r.name ?? t('facts.none') },
    { key: 'stops', title: t('columns.stops'), align: 'right', render: (_, r) => formatNumber(r.stops) },
    { key: 'boxes', title: t('columns.boxes'), align: 'right', render: (_, r) => formatNumber(r.boxes), responsive: ['sm'] },
    { key: 'km', title: t('columns.km'), align: 'right', render: (_, r) => formatKm(r.distanceM), responsive: ['sm'] },
    { key: 'cost', title: moneyTitle(t('columns.cost')), align: 'right', render: (_, r) => <Money value={r.cost} /> },
  ];

  return (
    <>
      <PageHeader
        title={t('nav:titles.facts')}
        extra={
          <DownloadButton run={() => exportDeliveryFacts(params)} disabled={!query.data?.total}>
            {t('actions.exportXlsx')}
          </DownloadButton>
        }
      />
      <Card variant="borderless" styles={{ body: { padding: 12 } }}>
        <Flex className="toolbar" gap={8} wrap align="flex-start">
          <DateRangeFilter from={from} to={to} onChange={(range) => update(range)} />
          <Select<number>
            aria-label={t('columns.courier')}
            placeholder={t('filters.anyCourier')}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            value={params.courierId}
            onChange={(id) => update({ courierId: id })}
            options={(couriers.data ?? []).map((u) => ({ value: u.id, label: u.fullName }))}
            style={{ width: 220 }}
          />
          <Select<number>
            aria-label={t('columns.car')}
            placeholder={t('filters.anyCar')}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            value={params.carId}
            onChange={(id) => update({ carId: id })}
            options={(cars.data ?? []).map((c) => ({ value: c.id, label: `${c.plate} · ${c.model}` }))}
            style={{ width: 220 }}
          />
        </Flex>
        <Row gutter={[12, 12]} style={{ margin: '12px 0' }}>
          <Col xs={12} md={6}>
            <Statistic title={t('facts.stops')} value={formatNumber(totals?.all.stops ?? 0)} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title={t('facts.boxes')} value={formatNumber(totals?.all.boxes ?? 0)} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title={t('facts.km')} value={formatKm(totals?.all.distanceM ?? 0)} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title={moneyTitle(t('facts.cost'))} valueRender={() => <Money value={totals?.all.cost ?? 0} strong />} />
          </Col>
        </Row>
        <DataTable<DeliveryFact>
          query={query}
          rows={query.data?.items}
          rowKey="stopId"
          columns={columns}
          emptyText={t('empty.facts')}
          pagination={pagination}
          scroll={{ x: true }}
        />
      </Card>
      <Row gutter={[12, 12]} style={{ marginTop: 12 }}>
        <Col xs={24} lg={12}>
          <Card variant="borderless" title={<Typography.Text strong>{t('facts.byCourier')}</Typography.Text>} styles={{ body: { padding: 12 } }}>
            <Table<DeliveryFactTotal>
              size="small"
              rowKey={(r) => String(r.id)}
              columns={totalColumns(t('columns.courier'))}
              dataSource={totals?.byCourier ?? []}
              pagination={false}
              aria-label={t('facts.byCourier')}
              data-testid="totals-by-courier"
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card variant="borderless" title={<Typography.Text strong>{t('facts.byCar')}</Typography.Text>} styles={{ body: { padding: 12 } }}>
            <Table<DeliveryFactTotal>
              size="small"
              rowKey={(r) => String(r.id)}
              columns={totalColumns(t('columns.car'))}
              dataSource={totals?.byCar ?? []}
              pagination={false}
              aria-label={t('facts.byCar')}
            />
          </Card>
        </Col>
      </Row>
    </>
  );
}
