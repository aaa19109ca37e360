import { Button, Card, Segmented } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { periodOf, salesDimensions, type SalesDimension } from '@pharma/contracts';
import { DownloadButton } from '../../../components/download-button';
import { PageHeader } from '../../../components/page-header';
import { exportMonthlySales } from '../api/export-report';
import { AnalyticsFiltersBar } from '../components/analytics-filters';
import { MonthlySalesTable } from '../components/monthly-sales-table';
import { SalesFilters, salesFilterNames, salesFiltersOf } from '../components/sales-filters';
import { useAnalyticsFilters } from '../use-analytics-filters';
import '../analytics.css';

/** Monthly sales: products, categories or producers × months for the viewer's scope, a year by default, plan vs fact where the matrix has plans. */
export function MonthlySalesPage() {
  const { t } = useTranslation(['statistics', 'analytics']);
  const state = useAnalyticsFilters(['by', ...salesFilterNames] as const);
  const by = (salesDimensions as readonly string[]).includes(state.filters.by ?? '') ? (state.filters.by as SalesDimension) : 'product';
  // a year unless the picker says otherwise
  const period = state.filters.period ? state.query : { ...state.query, ...periodOf('year', state.anchor) };
  const query = {
    ...period,
    by,
    ...salesFiltersOf(state.filters),
  };
  const paging = { page: state.page, size: state.size, sort: state.sort };
  return (
    <>
      <PageHeader
        title={t('nav:titles.monthlySales')}
        extra={
          <>
            <DownloadButton run={() => exportMonthlySales(query)}>{t('labels.export')}</DownloadButton>
            <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
              {t('labels.print')}
            </Button>
          </>
        }
      />
      <Card variant="borderless" styles={{ body: { padding: 12 } }} style={{ marginBottom: 12 }}>
        <AnalyticsFiltersBar state={{ ...state, kind: state.filters.period ? state.kind : 'year' }}>
          <SalesFilters state={state} />
        </AnalyticsFiltersBar>
      </Card>
      <Card
        variant="borderless"
        className="analytics-card"
        styles={{ body: { padding: 8 } }}
        title={
          <Segmented<SalesDimension>
            aria-label={t('labels.salesBy')}
            value={by}
            onChange={(value) => state.update({ by: value === 'product' ? undefined : value })}
            options={salesDimensions.map((d) => ({ value: d, label: t(`analytics:dimensions.${d}`) }))}
          />
        }
      >
        <MonthlySalesTable query={{ ...query, ...paging }} onPage={state.update} />
      </Card>
    </>
  );
}
