import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { BreakdownRow, MeasureKey } from '@pharma/contracts';
import { formatMeasure } from '../format-measure';
import { EChart, useChartColors } from './echart';

/** The top (or bottom) ten rows of a breakdown by one measure, as horizontal bars. */
export function TopChart({
  rows,
  measure,
  nameOf,
  bottom = false,
}: {
  rows: BreakdownRow[];
  measure: MeasureKey;
  nameOf: (row: BreakdownRow) => string;
  bottom?: boolean;
}) {
  const { t } = useTranslation(['statistics', 'analytics']);
  const colors = useChartColors();
  const chosen = useMemo(() => {
    const withValue = rows.filter((r) => r.figures[measure] !== null);
    const sorted = [...withValue].sort((a, b) => (b.figures[measure] ?? 0) - (a.figures[measure] ?? 0));
    return (bottom ? sorted.slice(-10).reverse() : sorted.slice(0, 10)).reverse();
  }, [rows, measure, bottom]);
  const option = useMemo(
    () => ({
      color: [bottom ? colors.error : colors.primary],
      textStyle: { color: colors.text },
      grid: { left: 8, right: 48, top: 8, bottom: 8, containLabel: true },
      tooltip: {
        trigger: 'axis',
        backgroundColor: colors.tooltipBackground,
        textStyle: { color: colors.tooltipText },
        valueFormatter: (v: number) => formatMeasure(measure, v),
      },
      xAxis: { type: 'value', axisLabel: { formatter: (v: number) => formatMeasure(measure, v) }, splitLine: { lineStyle: { color: colors.split } } },
      yAxis: { type: 'category', data: chosen.map(nameOf), axisLabel: { width: 140, overflow: 'truncate' } },
      series: [
        {
          type: 'bar',
          data: chosen.map((r) => r.figures[measure] ?? 0),
          label: { show: true, position: 'right', formatter: ({ value }: { value: number }) => formatMeasure(measure, value) },
        },
      ],
    }),
    [chosen, measure, nameOf, bottom, colors],
  );
  return (
    <EChart
      option={option}
      height={Math.max(160, chosen.length * 28 + 24)}
      label={`${t(bottom ? 'labels.bottom' : 'labels.top')}: ${t(`analytics:measures.${measure}`)}`}
    />
  );
}
