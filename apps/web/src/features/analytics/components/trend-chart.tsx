import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnalyticsTrend, MeasureKey, TrendGrain } from '@pharma/contracts';
import { formatDate } from '../../../lib/format';
import { formatMeasure } from '../format-measure';
import { EChart, useChartColors } from './echart';

/** A trend over the period: one line per measure (same unit), a bucket per day, week or month. */
export function TrendChart({ trend, measures, grain }: { trend: AnalyticsTrend; measures: readonly MeasureKey[]; grain: TrendGrain }) {
  const { t } = useTranslation(['statistics', 'analytics']);
  const colors = useChartColors();
  const option = useMemo(() => {
    const label = (from: string) => (grain === 'month' ? from.slice(0, 7) : formatDate(from));
    return {
      color: colors.palette,
      textStyle: { color: colors.text },
      grid: { left: 8, right: 16, top: 40, bottom: 8, containLabel: true },
      legend: { top: 0, textStyle: { color: colors.text } },
      tooltip: {
        trigger: 'axis',
        backgroundColor: colors.tooltipBackground,
        textStyle: { color: colors.tooltipText },
        valueFormatter: (value: number) => formatMeasure(measures[0]!, value),
      },
      xAxis: { type: 'category', data: trend.map((b) => label(b.from)), axisLine: { lineStyle: { color: colors.axis } } },
      yAxis: {
        type: 'value',
        axisLabel: { formatter: (value: number) => formatMeasure(measures[0]!, value) },
        splitLine: { lineStyle: { color: colors.split } },
      },
      series: measures.map((m) => ({
        name: t(`analytics:measures.${m}`),
        type: trend.length > 31 ? 'line' : 'bar',
        smooth: true,
        data: trend.map((b) => b.figures[m] ?? 0),
      })),
    };
  }, [trend, measures, grain, colors, t]);
  return <EChart option={option} label={`${t('labels.trend')}: ${measures.map((m) => t(`analytics:measures.${m}`)).join(', ')}`} />;
}
