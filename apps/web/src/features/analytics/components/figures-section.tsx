import { Card, Col, Row, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { daysBetween, type AnalyticsQuery, type BreakdownDimension, type MeasureKey, type TrendGrain } from '@pharma/contracts';
import { DownloadButton } from '../../../components/download-button';
import { QueryError } from '../../../components/query-error';
import { useBreakdown } from '../api/get-breakdown';
import { exportBreakdown } from '../api/export-report';
import { useTrend } from '../api/get-trend';
import { rowDrillDown } from '../drill-down';
import { BreakdownTable, useRowName } from './breakdown-table';
import { TopChart } from './top-chart';
import { TrendChart } from './trend-chart';

/** A day per bucket up to a month, a week up to a season, else a month. */
export const grainOf = (q: AnalyticsQuery): TrendGrain => {
  const days = daysBetween(q.from, q.to) + 1;
  return days <= 31 ? 'day' : days <= 120 ? 'week' : 'month';
};

/** The trend of some measures over the period. */
export function TrendCard({ query, measures }: { query: AnalyticsQuery; measures: readonly MeasureKey[] }) {
  const { t } = useTranslation(['statistics', 'analytics']);
  const grain = grainOf(query);
  const trend = useTrend({ ...query, grain });
  return (
    <Card variant="borderless" title={t('labels.trend')} className="analytics-card">
      {trend.isPending ? (
        <Skeleton active />
      ) : trend.isError && !trend.data ? (
        <QueryError error={trend.error} onRetry={() => void trend.refetch()} retrying={trend.isFetching} />
      ) : (
        <TrendChart trend={trend.data!} measures={measures} grain={grain} />
      )}
    </Card>
  );
}

/** A breakdown: the top and bottom ten by one measure (for people and places), and the data table under them, exportable. */
export function BreakdownSection({
  query,
  by,
  measures,
  top,
  title,
}: {
  query: AnalyticsQuery;
  by: BreakdownDimension;
  measures: readonly MeasureKey[];
  top?: MeasureKey;
  title?: string;
}) {
  const { t } = useTranslation(['statistics', 'analytics']);
  const breakdown = useBreakdown({ ...query, by });
  const nameOf = useRowName(by);
  if (breakdown.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (breakdown.isError && !breakdown.data)
    return <QueryError error={breakdown.error} onRetry={() => void breakdown.refetch()} retrying={breakdown.isFetching} />;
  const data = breakdown.data!;
  return (
    <>
      {top && data.rows.length > 1 ? (
        <Row gutter={[12, 12]} style={{ marginBottom: 12 }}>
          <Col xs={24} lg={12}>
            <Card variant="borderless" size="small" title={`${t('labels.top')}: ${t(`analytics:measures.${top}`)}`} className="analytics-card">
              <TopChart rows={data.rows} measure={top} nameOf={nameOf} />
            </Card>
          </Col>
          <Col xs={24} lg={12}>
            <Card variant="borderless" size="small" title={`${t('labels.bottom')}: ${t(`analytics:measures.${top}`)}`} className="analytics-card">
              <TopChart rows={data.rows} measure={top} nameOf={nameOf} bottom />
            </Card>
          </Col>
        </Row>
      ) : null}
      <Card
        variant="borderless"
        title={title ?? `${t('labels.rowsBy')}: ${t(`analytics:dimensions.${by}`).toLowerCase()}`}
        extra={
          <DownloadButton run={() => exportBreakdown({ ...query, by })} size="small">
            {t('labels.export')}
          </DownloadButton>
        }
        className="analytics-card"
        styles={{ body: { padding: 8 } }}
      >
        <BreakdownTable breakdown={data} measures={measures} loading={breakdown.isFetching} rowHref={(row) => rowDrillDown(by, row, query)} />
      </Card>
    </>
  );
}
