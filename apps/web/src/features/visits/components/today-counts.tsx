import { Link } from 'react-router';
import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { VisitStatus } from '@pharma/contracts';
import { formatNumber } from '../../../lib/format';
import { useVisitCalendar } from '../api/get-visit-calendar';
import { visitPaths } from '../paths';
import { monthOf } from '../visit-dates';
import { visitStatusTokens } from './visit-status-tag';

const counted: VisitStatus[] = ['planned', 'in_progress', 'completed', 'overdue'];

/** Today's counts by status (from the month calendar: one request), each a link to the day's table filtered by it. */
export function TodayCounts({ date }: { date: string }) {
  const { t } = useTranslation('visits');
  const calendar = useVisitCalendar(monthOf(date));
  if (calendar.isPending) return <Skeleton.Button active block style={{ height: 68 }} />;
  // a failed count is not worth an error on the main screen: the list below says it
  const day = calendar.data?.days.find((d) => d.date === date);
  return (
    <nav className="visit-counts" aria-label={t('main.countsLabel')}>
      {counted.map((status) => (
        <Link key={status} to={`${visitPaths.day(date)}?status=${status}`} className="visit-count" data-testid={`count-${status}`}>
          <div className="visit-count__value">{calendar.isError ? '—' : formatNumber(day?.byStatus[status] ?? 0)}</div>
          <div className="visit-count__label">
            <span className="visit-dot" style={{ background: visitStatusTokens[status] }} aria-hidden />
            {t(`enums:visitStatus.${status}`)}
          </div>
        </Link>
      ))}
    </nav>
  );
}
