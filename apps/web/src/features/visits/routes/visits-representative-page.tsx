import { useMemo, useState } from 'react';
import { Alert, Button, Flex, Skeleton, Tooltip, Typography } from 'antd';
import { LeftOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { VisitSummary } from '@pharma/contracts';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { useCan } from '../../../lib/permissions';
import { useListParams } from '../../../lib/use-list-params';
import { useVisits } from '../api/get-visits';
import { RepresentativeFilter } from '../components/representative-select';
import { VisitCard } from '../components/visit-card';
import { useDateWords, useDayTitle } from '../components/visit-day-groups';
import { useSeesTeam } from '../components/visit-filters';
import { idFilter } from '../../../lib/use-list-params';
import { VisitFormModal, type VisitFormTarget } from '../components/visit-form';
import { visitPaths } from '../paths';
import { groupByDate, shiftDate, validDate, weekDates, weekStart } from '../visit-dates';
import { useToday } from '../../../lib/business-day';
import '../components/visits.css';

/** More than this in a week is not a planner's week: the day's table pages them. */
const weekLimit = 100;

/**
 * /visits-representative: the representative's week on a phone — a strip of seven days (previous and
 * next week), the chosen day's visits as cards, a visit added to that day in two taps, edit, cancel.
 */
export function VisitsRepresentativePage() {
  const { t } = useTranslation('visits');
  const canPlan = useCan('visits.edit');
  const seesTeam = useSeesTeam();
  const { filters, update } = useListParams(['day', 'representativeId'] as const);
  const now = useToday();
  const day = validDate(filters.day) ?? now;
  const monday = weekStart(day);
  const dates = weekDates(monday);
  const representativeId = seesTeam ? idFilter(filters.representativeId) : undefined;
  const week = useVisits({ from: dates[0], to: dates[6], page: 1, size: weekLimit, sort: 'plannedStart', representativeId });
  const [target, setTarget] = useState<VisitFormTarget | null>(null);
  const edit = (v: VisitSummary) => setTarget({ mode: 'edit', id: v.id });
  const dayTitle = useDayTitle();
  const words = useDateWords();

  const byDate = useMemo(() => new Map(groupByDate(week.data?.items ?? []).map((g) => [g.date, g.items])), [week.data]);
  const items = byDate.get(day) ?? [];
  const setDay = (next: string) => update({ day: next === now ? undefined : next });
  const goWeek = (days: number) => {
    const nextMonday = shiftDate(monday, days);
    setDay(weekDates(nextMonday).includes(now) ? now : nextMonday);
  };

  let body;
  if (week.isPending) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (week.isError && !week.data)
    body = <QueryError error={week.error} title={t('messages.visitsError')} onRetry={() => void week.refetch()} retrying={week.isFetching} />;
  else if (!items.length) body = <EmptyState description={t('messages.noVisitsDay')} />;
  else
    body = (
      <div className="visit-cards" aria-busy={week.isFetching}>
        {items.map((v) => (
          <VisitCard key={v.id} visit={v} onEdit={edit} showRepresentative={seesTeam && !representativeId} />
        ))}
      </div>
    );

  return (
    <div className="phone-screen">
      <PageHeader title={t('nav:titles.visitsRepresentative')} />
      <Flex vertical gap={12}>
        <RepresentativeFilter value={representativeId} onChange={(id) => update({ representativeId: id })} width="100%" />
        <Flex justify="space-between" align="center" gap={8}>
          <Tooltip title={t('actions.previousWeek')}>
            <Button size="large" icon={<LeftOutlined />} aria-label={t('actions.previousWeek')} onClick={() => goWeek(-7)} />
          </Tooltip>
          <Flex vertical align="center" style={{ minWidth: 0 }}>
            <Typography.Text strong aria-live="polite" data-testid="week-range">
              {t('planner.week', { from: dates[0], to: dates[6] })}
            </Typography.Text>
            {!dates.includes(now) ? (
              <Button type="link" size="small" onClick={() => setDay(now)} style={{ padding: 0, height: 'auto' }}>
                {t('actions.thisWeek')}
              </Button>
            ) : null}
          </Flex>
          <Tooltip title={t('actions.nextWeek')}>
            <Button size="large" icon={<RightOutlined />} aria-label={t('actions.nextWeek')} onClick={() => goWeek(7)} />
          </Tooltip>
        </Flex>
        <div className="week-strip" role="tablist" aria-label={t('planner.days')}>
          {dates.map((date) => {
            const count = byDate.get(date)?.length ?? 0;
            const d = dayjs(date);
            const classes = ['week-day', date === day ? 'week-day--selected' : '', date === now ? 'week-day--today' : ''].join(' ');
            return (
              <button
                key={date}
                type="button"
                role="tab"
                aria-selected={date === day}
                aria-label={t('planner.dayLabel', { date: words.withWeekday(date), count })}
                className={classes}
                onClick={() => setDay(date)}
                data-date={date}
              >
                <span className="week-day__name">{words.shortWeekday(date)}</span>
                <span className="week-day__date">{d.format('D')}</span>
                <span className={count ? 'week-day__count week-day__count--some' : 'week-day__count'}>{week.isPending ? '·' : count}</span>
              </button>
            );
          })}
        </div>
        {week.data && week.data.total > weekLimit ? <Alert type="info" showIcon title={t('planner.tooMany', { count: week.data.total })} /> : null}
        <Flex justify="space-between" align="center" gap={8} wrap>
          <Typography.Title level={2} style={{ margin: 0, fontSize: 16 }}>
            <Link to={visitPaths.day(day)} style={{ color: 'inherit', display: 'inline-block' }} className="first-upper">
              {dayTitle(day)}
            </Link>
          </Typography.Title>
          {canPlan ? (
            <Button type="primary" size="large" icon={<PlusOutlined />} onClick={() => setTarget({ mode: 'create', date: day, representativeId })}>
              {t('actions.addVisit')}
            </Button>
          ) : null}
        </Flex>
        {body}
      </Flex>
      <VisitFormModal target={target} onClose={() => setTarget(null)} />
    </div>
  );
}
