import { analyticsMeasures, type MeasureKey } from '@pharma/contracts';
import { formatMoney, formatNumber } from '../../lib/format';

/** A measure's value as the screens write it: money in the language's convention, shares in %, counts whole. */
export function formatMeasure(key: MeasureKey, value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  switch (analyticsMeasures[key].unit) {
    case 'money':
      return formatMoney(Math.round(value));
    case 'count':
      return formatNumber(value);
    case 'share':
      return `${formatNumber(Math.round(value * 1000) / 10, 1)} %`;
    case 'minutes':
    case 'number':
      return formatNumber(Math.round(value * 10) / 10, 1);
  }
}

/** A change as a signed percentage ("+12,5 %"), or a dash. */
export function formatChange(share: number | null): string {
  if (share === null || !Number.isFinite(share)) return '—';
  const pct = Math.round(share * 1000) / 10;
  return `${pct > 0 ? '+' : ''}${formatNumber(pct, 1)} %`;
}
