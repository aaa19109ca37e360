import { Button, Card, Segmented, Skeleton, Tabs } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { breakdownDimensions, measureKeys, type BreakdownDimension, type MeasureKey } from '@pharma/contracts';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { useSummary } from '../api/get-summary';
import { AnalyticsFiltersBar } from '../components/analytics-filters';
import { BreakdownSection, TrendCard } from '../components/figures-section';
import { KpiCards } from '../components/kpi-cards';
import { MonthlySalesTable } from '../components/monthly-sales-table';
import { SalesFilters, salesFilterNames, salesFiltersOf } from '../components/sales-filters';
import { drillDown } from '../drill-down';
import { useAnalyticsFilters } from '../use-analytics-filters';
import '../analytics.css';

const statisticsTabs = ['visits', 'organizations', 'users', 'company', 'orders', 'matrix', 'dataTable'] as const;
type StatisticsTab = (typeof statisticsTabs)[number];

/** The orders tab's cards and table: every order measure. */
const orderMeasures: MeasureKey[] = [
  'ordersCount',
  'ordersSum',
  'averageOrder',
  'shippedSum',
  'deliveredSum',
  'cancelledCount',
  'cancelledSum',
  'returnedSum',
  'paidSum',
  'debtSum',
  'overdueDebtSum',
];

/** What each tab shows: its KPI cards, its trend, its breakdown and the measure of its top ten. */
const tabFigures: Record<
  Exclude<StatisticsTab, 'matrix' | 'dataTable'>,
  { kpis: MeasureKey[]; trend: MeasureKey[]; by: BreakdownDimension; top?: MeasureKey; table: MeasureKey[] }
> = {
  visits: {
    kpis: [
      'visitsPlanned',
      'visitsCompleted',
      'completionRate',
      'visitsOverdue',
      'visitsCancelled',
      'visitsPerRepDay',
      'averageVisitMinutes',
      'questionableShare',
    ],
    trend: ['visitsPlanned', 'visitsCompleted'],
    by: 'representative',
    top: 'visitsCompleted',
    table: [
      'visitsPlanned',
      'visitsCompleted',
      'completionRate',
      'visitsOverdue',
      'visitsCancelled',
      'visitsPerRepDay',
      'averageVisitMinutes',
      'questionableShare',
    ],
  },
  organizations: {
    kpis: ['organizationsTotal', 'organizationsCovered', 'coverageRate'],
    trend: ['organizationsCovered'],
    by: 'organizationType',
    table: ['organizationsTotal', 'organizationsCovered', 'coverageRate', 'visitsCompleted', 'ordersSum'],
  },
  users: {
    kpis: ['visitsCompleted', 'visitsPerRepDay', 'coverageRate', 'ordersSum', 'averageOrder'],
    trend: ['ordersSum'],
    by: 'representative',
    top: 'ordersSum',
    table: ['visitsCompleted', 'completionRate', 'visitsPerRepDay', 'coverageRate', 'ordersCount', 'ordersSum', 'averageOrder', 'paidSum', 'debtSum'],
  },
  company: {
    kpis: ['ordersSum', 'shippedSum', 'deliveredSum', 'paidSum', 'debtSum', 'overdueDebtSum', 'visitsCompleted', 'coverageRate'],
    trend: ['ordersSum', 'paidSum'],
    by: 'branch',
    top: 'ordersSum',
    table: ['ordersCount', 'ordersSum', 'shippedSum', 'deliveredSum', 'paidSum', 'debtSum', 'overdueDebtSum', 'visitsCompleted', 'coverageRate'],
  },
  orders: {
    kpis: orderMeasures,
    trend: ['ordersSum', 'shippedSum'],
    by: 'orderStatus',
    table: orderMeasures,
  },
};

/** /statistics (spec §2): visits, organisations, users, company, orders, matrix and the data table, for a period and filters. */
export function StatisticsPage() {
  const { t } = useTranslation(['statistics', 'analytics']);
  const state = useAnalyticsFilters(['tab', 'by', ...salesFilterNames] as const);
  const tab = (statisticsTabs as readonly string[]).includes(state.filters.tab ?? '') ? (state.filters.tab as StatisticsTab) : 'visits';
  const by = (breakdownDimensions as readonly string[]).includes(state.filters.by ?? '') ? (state.filters.by as BreakdownDimension) : 'representative';
  const summary = useSummary(state.query);

  const figures = (key: keyof typeof tabFigures) => {
    const f = tabFigures[key];
    return (
      <>
        {summary.isPending ? (
          <Skeleton active />
        ) : summary.isError && !summary.data ? (
          <QueryError error={summary.error} onRetry={() => void summary.refetch()} retrying={summary.isFetching} />
        ) : (
          <KpiCards summary={summary.data!} measures={f.kpis} drill={(m) => drillDown(m, state.query)} />
        )}
        <TrendCard query={state.query} measures={f.trend} />
        <BreakdownSection query={state.query} by={f.by} measures={f.table} top={f.top} />
        {key === 'orders' ? <BreakdownSection query={state.query} by="clientType" measures={f.table} /> : null}
        {key === 'organizations' ? <BreakdownSection query={state.query} by="region" measures={f.table} top="coverageRate" /> : null}
      </>
    );
  };

  return (
    <>
      <PageHeader
        title={t('nav:titles.statistics')}
        extra={
          <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
            {t('labels.print')}
          </Button>
        }
      />
      <Card variant="borderless" styles={{ body: { padding: 12 } }} style={{ marginBottom: 12 }} className="no-print-border">
        <AnalyticsFiltersBar state={state}>{tab === 'matrix' ? <SalesFilters state={state} /> : null}</AnalyticsFiltersBar>
      </Card>
      <Tabs
        activeKey={tab}
        // the sales filters are the matrix's only: another tab drops them
        onChange={(key) => state.update({ tab: key === 'visits' ? undefined : key, productId: undefined, categoryId: undefined, producerId: undefined })}
        destroyOnHidden
        items={statisticsTabs.map((key) => ({
          key,
          label: t(`tabs.${key}`),
          children:
            key === 'matrix' ? (
              <Card variant="borderless" title={t('labels.matrixHint')} className="analytics-card" styles={{ body: { padding: 8 } }}>
                <MonthlySalesTable
                  query={{ ...state.query, ...salesFiltersOf(state.filters), by: 'product', page: state.page, size: state.size, sort: state.sort }}
                  onPage={state.update}
                />
              </Card>
            ) : key === 'dataTable' ? (
              <>
                <Segmented<BreakdownDimension>
                  aria-label={t('labels.rowsBy')}
                  value={by}
                  onChange={(value) => state.update({ by: value === 'representative' ? undefined : value })}
                  options={breakdownDimensions.map((d) => ({ value: d, label: t(`analytics:dimensions.${d}`) }))}
                  style={{ marginBottom: 12, maxWidth: '100%', overflowX: 'auto' }}
                />
                <BreakdownSection query={state.query} by={by} measures={measureKeys} />
              </>
            ) : (
              figures(key)
            ),
        }))}
      />
    </>
  );
}
