import { useTranslation } from 'react-i18next';
import { visitMinutes } from './proof-reasons';

/** Time spent at the organization, start to completion ("45 min", "1 h 05 min"); a dash before completion. */
export function VisitDuration({ startedAt, completedAt }: { startedAt: string | null; completedAt: string | null }) {
  const { t } = useTranslation('visitHistory');
  const minutes = visitMinutes(startedAt, completedAt);
  if (minutes === null) return <span className="cell-muted">—</span>;
  const text =
    minutes < 1
      ? t('duration.underMinute')
      : minutes < 60
        ? t('duration.minutes', { minutes })
        : t('duration.hours', { hours: Math.floor(minutes / 60), minutes: String(minutes % 60).padStart(2, '0') });
  return <span className="nowrap">{text}</span>;
}
