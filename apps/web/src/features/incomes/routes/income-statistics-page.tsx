import { Card, Col, Flex, Row, Segmented, Skeleton, Statistic, Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { statisticsPeriods, type IncomeStatistics, type StatisticsPeriod } from '@pharma/contracts';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { Money, useMoneyTitle } from '../../../components/money';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { formatDate, formatMoney, formatNumber } from '../../../lib/format';
import { useListParams, idFilter } from '../../../lib/use-list-params';
import { ProducerSelect } from '../../catalog';
import { WarehouseSelect } from '../../warehouses';
import { useIncomeStatistics } from '../api/get-income-statistics';

type PeriodRow = IncomeStatistics['byPeriod'][number];
type ProducerRow = IncomeStatistics['byProducer'][number];
type WarehouseRow = IncomeStatistics['byWarehouse'][number];

/** A bar as long as the value's share of the largest one (a light chart inside the table). */
function Bar({ value, max }: { value: number; max: number }) {
  const width = max > 0 ? Math.max(1, Math.round((value / max) * 100)) : 0;
  return (
    <div className="stat-bar" aria-hidden="true">
      <div className="stat-bar__fill" style={{ width: `${width}%` }} />
    </div>
  );
}

/** Income statistics (GET /api/incomes/statistics): received quantity and value by period, producer and warehouse. */
export function IncomeStatisticsPage() {
  const { t } = useTranslation(['incomes', 'stock']);
  const moneyTitle = useMoneyTitle();
  const { filters, update } = useListParams(['from', 'to', 'period', 'warehouseId', 'producerId'] as const);
  const period = (statisticsPeriods as readonly string[]).includes(filters.period ?? '') ? (filters.period as StatisticsPeriod) : 'month';
  const query = useIncomeStatistics({
    from: filters.from,
    to: filters.to,
    period,
    warehouseId: idFilter(filters.warehouseId),
    producerId: idFilter(filters.producerId),
  });
  const data = query.data;

  const periodLabel = (value: string) => (period === 'month' ? value.slice(0, 7) : formatDate(value));
  const maxSale = Math.max(0, ...(data?.byPeriod ?? []).map((r) => r.sumSale));
  const figures = <T extends { quantity: number; sumBaseWithVat: number; sumSale: number }>(): NonNullable<TableProps<T>['columns']> => [
    { key: 'quantity', title: t('stock:columns.quantity'), align: 'right', render: (_, r) => formatNumber(r.quantity) },
    { key: 'sumBaseWithVat', title: moneyTitle(t('stock:columns.sumBaseWithVat')), align: 'right', render: (_, r) => <Money value={r.sumBaseWithVat} /> },
    { key: 'sumSale', title: moneyTitle(t('stock:columns.sumSale')), align: 'right', render: (_, r) => <Money value={r.sumSale} strong /> },
  ];

  const periodColumns: TableProps<PeriodRow>['columns'] = [
    { key: 'period', title: t(`enums:statisticsPeriod.${period}`), render: (_, r) => <span className="nowrap">{periodLabel(r.period)}</span> },
    { key: 'incomeCount', title: t('fields.incomeCount.label'), align: 'right', render: (_, r) => formatNumber(r.incomeCount) },
    ...figures<PeriodRow>(),
    { key: 'bar', title: <span className="sr-only">{t('fields.share.label')}</span>, width: '28%', render: (_, r) => <Bar value={r.sumSale} max={maxSale} /> },
  ];
  const producerColumns: TableProps<ProducerRow>['columns'] = [
    { key: 'producer', title: t('stock:columns.producerName'), render: (_, r) => r.producerName },
    { key: 'country', title: t('stock:columns.country'), responsive: ['md'], render: (_, r) => t(`enums:country.${r.country}`) },
    ...figures<ProducerRow>(),
  ];
  const warehouseColumns: TableProps<WarehouseRow>['columns'] = [
    { key: 'warehouse', title: t('stock:columns.warehouseName'), dataIndex: 'warehouseName' },
    ...figures<WarehouseRow>(),
  ];

  let body;
  if (query.isPending) body = <Skeleton active paragraph={{ rows: 10 }} />;
  else if (query.isError && !data) body = <QueryError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else if (data)
    body = (
      <>
        <Card variant="borderless" style={{ marginBottom: 12 }}>
          <Flex gap={32} wrap>
            <Statistic title={t('fields.period.label')} value={`${formatDate(data.from)} — ${formatDate(data.to)}`} />
            <Statistic title={t('fields.incomeCount.label')} value={formatNumber(data.totals.incomeCount)} />
            <Statistic title={t('fields.lineCount.label')} value={formatNumber(data.totals.lineCount)} />
            <Statistic title={t('stock:columns.quantity')} value={formatNumber(data.totals.quantity)} />
            <Statistic title={moneyTitle(t('stock:columns.sumBaseWithVat'))} value={formatMoney(data.totals.sumBaseWithVat)} />
            <Statistic title={moneyTitle(t('stock:columns.sumSale'))} value={formatMoney(data.totals.sumSale)} />
          </Flex>
        </Card>
        <Card variant="borderless" title={t('titles.byPeriod')} style={{ marginBottom: 12 }} styles={{ body: { padding: 12 } }}>
          <Table<PeriodRow>
            size="small"
            rowKey="period"
            dataSource={data.byPeriod}
            columns={periodColumns}
            pagination={false}
            scroll={{ x: true }}
            loading={query.isFetching}
            summary={() => (
              <Table.Summary.Row className="row-total">
                <Table.Summary.Cell index={0}>{t('fields.totals.label')}</Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  {formatNumber(data.totals.incomeCount)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2} align="right">
                  {formatNumber(data.totals.quantity)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={3} align="right">
                  <Money value={data.totals.sumBaseWithVat} />
                </Table.Summary.Cell>
                <Table.Summary.Cell index={4} align="right">
                  <Money value={data.totals.sumSale} strong />
                </Table.Summary.Cell>
                <Table.Summary.Cell index={5} />
              </Table.Summary.Row>
            )}
          />
        </Card>
        <Row gutter={12}>
          <Col xs={24} xl={14}>
            <Card variant="borderless" title={t('titles.byProducer')} style={{ marginBottom: 12 }} styles={{ body: { padding: 12 } }}>
              <Table<ProducerRow>
                size="small"
                rowKey="producerId"
                dataSource={data.byProducer}
                columns={producerColumns}
                pagination={{ pageSize: 10, hideOnSinglePage: true }}
                scroll={{ x: true }}
              />
            </Card>
          </Col>
          <Col xs={24} xl={10}>
            <Card variant="borderless" title={t('titles.byWarehouse')} styles={{ body: { padding: 12 } }}>
              <Table<WarehouseRow>
                size="small"
                rowKey="warehouseId"
                dataSource={data.byWarehouse}
                columns={warehouseColumns}
                pagination={false}
                scroll={{ x: true }}
              />
            </Card>
          </Col>
        </Row>
      </>
    );

  return (
    <>
      <PageHeader title={t('nav:titles.incomeStatistics')} subtitle={t('messages.statisticsHint')} />
      <Card variant="borderless" styles={{ body: { padding: 12 } }} style={{ marginBottom: 12 }}>
        <Flex gap={8} wrap align="center">
          <DateRangeFilter from={filters.from} to={filters.to} onChange={(range) => update(range)} />
          <Segmented<StatisticsPeriod>
            value={period}
            onChange={(value) => update({ period: value === 'month' ? undefined : value })}
            options={statisticsPeriods.map((p) => ({ value: p, label: t(`enums:statisticsPeriod.${p}`) }))}
          />
          <WarehouseSelect
            aria-label={t('stock:columns.warehouseName')}
            placeholder={t('stock:filters.allWarehouses')}
            allowClear
            value={idFilter(filters.warehouseId)}
            onChange={(id) => update({ warehouseId: id })}
            style={{ width: 220 }}
          />
          <ProducerSelect
            aria-label={t('stock:columns.producerName')}
            placeholder={t('stock:filters.allProducers')}
            allowClear
            value={idFilter(filters.producerId)}
            onChange={(id) => update({ producerId: id })}
            style={{ width: 220 }}
          />
        </Flex>
      </Card>
      {body}
    </>
  );
}
