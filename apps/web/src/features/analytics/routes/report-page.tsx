import { Button, Card } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { measureKeys, type BreakdownDimension } from '@pharma/contracts';
import { PageHeader } from '../../../components/page-header';
import { AnalyticsFiltersBar } from '../components/analytics-filters';
import { BreakdownSection } from '../components/figures-section';
import { useAnalyticsFilters } from '../use-analytics-filters';
import '../analytics.css';

/** A report: every measure per region, branch, employee or month (the general report), with the previous period, totals, export and print. */
function ReportPage({ by, title }: { by: BreakdownDimension; title: string }) {
  const { t } = useTranslation('statistics');
  const state = useAnalyticsFilters();
  return (
    <>
      <PageHeader
        title={t(title)}
        extra={
          <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
            {t('labels.print')}
          </Button>
        }
      />
      <Card variant="borderless" styles={{ body: { padding: 12 } }} style={{ marginBottom: 12 }}>
        <AnalyticsFiltersBar state={state} />
      </Card>
      <BreakdownSection query={state.query} by={by} measures={measureKeys} title={t(title)} />
    </>
  );
}

export const ReportsByRegionPage = () => <ReportPage by="region" title="nav:titles.reportsByRegion" />;
export const ReportsByBranchPage = () => <ReportPage by="branch" title="nav:titles.reportsByBranch" />;
export const ReportsByEmployeePage = () => <ReportPage by="representative" title="nav:titles.reportsByEmployee" />;
/** The general report: the company's measures month by month over the period (a year by default from the picker). */
export const ReportsGeneralPage = () => <ReportPage by="month" title="nav:titles.reportsGeneral" />;
