import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import dayjs from 'dayjs';
import type { VisitSummary } from '@pharma/contracts';
import { useLanguage } from '../../../lib/i18n';
import { visitPaths } from '../paths';
import { groupByDate, shiftDate, today } from '../visit-dates';
import { VisitCard } from './visit-card';

/**
 * Dates in words where the date library speaks the language (ru, en); yyyy-MM-dd in Uzbek, whose
 * dates fall back to English (spec §9) and would mix languages in a sentence.
 */
export function useDateWords() {
  const lng = useLanguage();
  const wordy = lng === 'ru' || lng === 'en';
  return {
    long: (date: string) => (wordy ? dayjs(date).format('D MMMM YYYY') : date),
    withWeekday: (date: string) => (wordy ? dayjs(date).format('dddd, D MMMM YYYY') : date),
    short: (date: string) => (wordy ? dayjs(date).format('D MMM') : dayjs(date).format('DD.MM')),
  };
}

/** A day's heading in a list: "today", "tomorrow", or the weekday and date. */
export function useDayTitle() {
  const { t } = useTranslation('visits');
  const words = useDateWords();
  return (date: string) => {
    const now = today();
    const label = words.withWeekday(date);
    if (date === now) return t('days.today', { date: label });
    if (date === shiftDate(now, 1)) return t('days.tomorrow', { date: label });
    if (date === shiftDate(now, -1)) return t('days.yesterday', { date: label });
    return label;
  };
}

/** Visits as cards under one heading per day (the heading links to the day's table). */
export function VisitDayGroups({ items, onEdit, showRepresentative }: { items: VisitSummary[]; onEdit: (visit: VisitSummary) => void; showRepresentative: boolean }) {
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
