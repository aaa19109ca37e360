import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import dayjs from 'dayjs';
import type { VisitSummary } from '@pharma/contracts';
import { visitPaths } from '../paths';
import { groupByDate, shiftDate } from '../visit-dates';
import { useToday } from '../../../lib/business-day';
import { VisitCard } from './visit-card';

/**
 * Dates on the visits screens in the spec's format, yyyy-MM-dd (§9), in every language; the weekday
 * named by the app's own words (the date library has no Uzbek), so one convention holds everywhere.
 */
export function useDateWords() {
  const { t } = useTranslation('visits');
  return {
    withWeekday: (date: string) => t('dates.withWeekday', { weekday: t(`dates.weekdays.${dayjs(date).day()}`), date }),
    shortWeekday: (date: string) => t(`dates.weekdaysShort.${dayjs(date).day()}`),
  };
}

/** A day's heading in a list: "today", "tomorrow", or the weekday and date. */
export function useDayTitle() {
  const { t } = useTranslation('visits');
  const words = useDateWords();
  const now = useToday();
  return (date: string) => {
    const label = words.withWeekday(date);
    if (date === now) return t('days.today', { date: label });
    if (date === shiftDate(now, 1)) return t('days.tomorrow', { date: label });
    if (date === shiftDate(now, -1)) return t('days.yesterday', { date: label });
    return label;
  };
}

/** Visits as cards under one heading per day (the heading links to the day's table). */
export function VisitDayGroups({
  items,
  onEdit,
  showRepresentative,
}: {
  items: VisitSummary[];
  onEdit: (visit: VisitSummary) => void;
  showRepresentative: boolean;
}) {
  const dayTitle = useDayTitle();
  return (
    <div>
      {groupByDate(items).map((group) => (
        <section key={group.date} className="visit-day-group" aria-labelledby={`day-${group.date}`}>
          <h2 className="visit-day-group__title" id={`day-${group.date}`}>
            <Link to={visitPaths.day(group.date)} style={{ color: 'inherit' }}>
              {dayTitle(group.date)}
            </Link>
          </h2>
          <div className="visit-cards visit-cards--grid">
            {group.items.map((v) => (
              <VisitCard key={v.id} visit={v} onEdit={onEdit} showRepresentative={showRepresentative} />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
