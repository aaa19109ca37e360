import { Card, Tooltip, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { analyticsMeasures, growth, type AnalyticsSummary, type MeasureKey } from '@pharma/contracts';
import { formatChange, formatMeasure } from '../format-measure';

/** A change coloured by whether it is good for this measure (more visits up is good, more debt up is bad). */
export function Change({ measure, current, earlier, label }: { measure: MeasureKey; current: number | null; earlier: number | null; label: string }) {
  const change = growth(current, earlier);
  if (change === null || change === 0) return <span className="kpi-change">{formatChange(change)}</span>;
  const good = change > 0 === (analyticsMeasures[measure].better === 'up');
  return (
    <span className={`kpi-change kpi-change--${good ? 'good' : 'bad'}`} aria-label={`${label}: ${formatChange(change)}`}>
      {change > 0 ? <ArrowUpOutlined /> : <ArrowDownOutlined />} {formatChange(change)}
    </span>
  );
}

/** The KPI cards of a tab: each measure's value, its change against the previous period and last year; a click opens the list behind it. */
export function KpiCards({
  summary,
  measures,
  drill,
}: {
  summary: AnalyticsSummary;
  measures: readonly MeasureKey[];
  drill?: (measure: MeasureKey) => string | undefined;
}) {
  const { t } = useTranslation(['statistics', 'analytics']);
  return (
    <div className="kpi-cards">
      {measures.map((m) => {
        const href = drill?.(m);
        const value = formatMeasure(m, summary.figures[m]);
        return (
          <Card key={m} size="small" variant="borderless" className="kpi-card" data-testid={`kpi-${m}`}>
            <Typography.Text type="secondary" className="kpi-card__title">
              {t(`analytics:measures.${m}`)}
            </Typography.Text>
            <div className="kpi-card__value">
              {href ? (
                <Tooltip title={t('labels.openList')}>
                  <Link to={href}>{value}</Link>
                </Tooltip>
              ) : (
                value
              )}
            </div>
            <div className="kpi-card__changes">
              <Tooltip title={t('labels.previousValue', { value: formatMeasure(m, summary.previous.figures[m]) })}>
                <span>
                  <Change measure={m} current={summary.figures[m]} earlier={summary.previous.figures[m]} label={t('labels.vsPrevious')} />{' '}
                  <Typography.Text type="secondary">{t('labels.vsPrevious')}</Typography.Text>
                </span>
              </Tooltip>
              <Tooltip title={t('labels.lastYearValue', { value: formatMeasure(m, summary.lastYear.figures[m]) })}>
                <span>
                  <Change measure={m} current={summary.figures[m]} earlier={summary.lastYear.figures[m]} label={t('labels.vsLastYear')} />{' '}
                  <Typography.Text type="secondary">{t('labels.vsLastYear')}</Typography.Text>
                </span>
              </Tooltip>
            </div>
          </Card>
        );
      })}
    </div>
  );
}
