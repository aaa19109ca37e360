import { useState } from 'react';
import { Button, Calendar, Flex, Tooltip, Typography } from 'antd';
import { LeftOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { dateFormat, visitStatuses, type VisitCalendar, type VisitStatus } from '@pharma/contracts';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { formatNumber } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { useListParams } from '../../../lib/use-list-params';
import { phoneBelowPx, useWindowWidth } from '../../../lib/use-window-width';
import { useVisitCalendar } from '../api/get-visit-calendar';
import { RepresentativeFilter } from '../components/representative-select';
import { useSeesTeam } from '../components/visit-filters';
import { idFilter } from '../../../lib/use-list-params';
import type { VisitFormTarget } from '../components/visit-form';
import { VisitFormOnDemand } from '../components/visit-form-on-demand';
import { visitStatusTokens } from '../components/visit-status-tag';
import { visitPaths } from '../paths';
import { monthOf, validMonth } from '../visit-dates';
import { useToday } from '../../../lib/business-day';
import '../components/visits.css';

type Day = VisitCalendar['days'][number];
/** The order counts are shown in a day (what is left to do first). */
const shownStatuses: VisitStatus[] = ['in_progress', 'planned', 'overdue', 'completed', 'cancelled', 'unknown'];

/** /visits: the month calendar with counts per day and status; a day opens its table (/visits/:date). */
export function VisitsCalendarPage() {
  const { t } = useTranslation('visits');
  const navigate = useNavigate();
  const phone = useWindowWidth() < phoneBelowPx;
  const canPlan = useCan('visits.edit');
  const seesTeam = useSeesTeam();
  const { filters, update } = useListParams(['month', 'representativeId'] as const);
  const today = useToday();
  const month = validMonth(filters.month) ?? monthOf(today);
  const representativeId = seesTeam ? idFilter(filters.representativeId) : undefined;
  const calendar = useVisitCalendar(month, representativeId);
  const [target, setTarget] = useState<VisitFormTarget | null>(null);

  const byDate = new Map((calendar.data?.month === month ? calendar.data.days : []).map((d) => [d.date, d]));
  const first = dayjs(`${month}-01`);
  const current = monthOf(today) === month ? dayjs(today) : first;
  const goMonth = (m: Dayjs) => update({ month: m.format('YYYY-MM') === monthOf(today) ? undefined : m.format('YYYY-MM') });
  const openDay = (date: string) => void navigate(`${visitPaths.day(date)}${representativeId ? `?representativeId=${representativeId}` : ''}`);

  const cell = (date: Dayjs) => (date.format('YYYY-MM') === month ? <DayCounts day={byDate.get(date.format(dateFormat))} /> : null);

  return (
    <div className={phone ? 'phone-screen' : undefined}>
      <PageHeader
        title={t('nav:titles.visits')}
        extra={
          canPlan ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setTarget({ mode: 'create', representativeId })}>
              {t('actions.planVisit')}
            </Button>
          ) : null
        }
      />
      <div className="surface-card" style={{ padding: phone ? 8 : 16, borderColor: 'transparent' }}>
        <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 8 }}>
          <Flex align="center" gap={4}>
            <Tooltip title={t('actions.previousMonth')}>
              <Button icon={<LeftOutlined />} aria-label={t('actions.previousMonth')} onClick={() => goMonth(first.subtract(1, 'month'))} />
            </Tooltip>
            <Typography.Title
              level={2}
              style={{ margin: '0 8px', fontSize: 18, minWidth: 150, textAlign: 'center', textTransform: 'capitalize' }}
              aria-live="polite"
              data-testid="calendar-month"
            >
              {first.format('MMMM YYYY')}
            </Typography.Title>
            <Tooltip title={t('actions.nextMonth')}>
              <Button icon={<RightOutlined />} aria-label={t('actions.nextMonth')} onClick={() => goMonth(first.add(1, 'month'))} />
            </Tooltip>
            <Button onClick={() => goMonth(dayjs(today))} disabled={month === monthOf(today)}>
              {t('actions.today')}
            </Button>
          </Flex>
          <RepresentativeFilter value={representativeId} onChange={(id) => update({ representativeId: id })} width={phone ? '100%' : 260} />
        </Flex>
        {calendar.isError && !calendar.data ? (
          <QueryError error={calendar.error} title={t('messages.calendarError')} onRetry={() => void calendar.refetch()} retrying={calendar.isFetching} />
        ) : (
          <>
            {calendar.isError ? (
              <QueryError error={calendar.error} title={t('messages.calendarError')} onRetry={() => void calendar.refetch()} retrying={calendar.isFetching} />
            ) : null}
            <div aria-busy={calendar.isFetching} className={calendar.isFetching ? 'visit-calendar--loading' : undefined}>
              <Calendar
                className={phone ? 'visit-calendar visit-calendar-mini' : 'visit-calendar'}
                fullscreen={!phone}
                value={current}
                headerRender={() => null}
                {...(phone
                  ? {
                      fullCellRender: (date: Dayjs, info: { type: string; originNode: React.ReactElement }) =>
                        info.type === 'date' ? <MiniCell date={date} day={byDate.get(date.format(dateFormat))} /> : info.originNode,
                    }
                  : {
                      cellRender: (date: Dayjs, info: { type: string; originNode: React.ReactElement }) =>
                        info.type === 'date' ? cell(date) : info.originNode,
                    })}
                onSelect={(date, info) => {
                  if (info.source === 'date' && date.format('YYYY-MM') === month) openDay(date.format(dateFormat));
                }}
              />
            </div>
            {phone ? null : <Legend />}
          </>
        )}
      </div>
      <VisitFormOnDemand target={target} onClose={() => setTarget(null)} />
    </div>
  );
}

function countsLabel(day: Day | undefined, t: (key: string, options?: Record<string, unknown>) => string): string {
  if (!day || day.total === 0) return t('calendar.none');
  const parts = shownStatuses.filter((s) => day.byStatus[s]).map((s) => `${t(`enums:visitStatus.${s}`)}: ${formatNumber(day.byStatus[s] ?? 0)}`);
  return `${t('calendar.total', { count: day.total })} (${parts.join(', ')})`;
}

/** A day of the desk calendar: the total and one coloured count per status. */
function DayCounts({ day }: { day: Day | undefined }) {
  const { t } = useTranslation('visits');
  if (!day || day.total === 0) return null;
  const statuses = shownStatuses.filter((s) => day.byStatus[s]);
  return (
    <div className="visit-day" aria-label={countsLabel(day, t)} data-testid="day-counts">
      <div className="visit-day-total">{t('calendar.total', { count: day.total })}</div>
      <div className="visit-day-counts">
        {statuses.map((s) => (
          <span key={s} className="visit-day-count" title={t(`enums:visitStatus.${s}`)} data-status={s}>
            <span className="visit-dot" style={{ background: visitStatusTokens[s] }} aria-hidden />
            {formatNumber(day.byStatus[s] ?? 0)}
          </span>
        ))}
      </div>
    </div>
  );
}

/** A day of the phone calendar: its number and, under it, how many visits (the statuses are in the label). */
function MiniCell({ date, day }: { date: Dayjs; day: Day | undefined }) {
  const { t } = useTranslation('visits');
  const isToday = date.format(dateFormat) === useToday();
  return (
    <div className={isToday ? 'ant-picker-cell-inner visit-mini-cell visit-mini-cell--today' : 'ant-picker-cell-inner visit-mini-cell'}>
      <span className="visit-mini-cell__date">{date.date()}</span>
      {day && day.total > 0 ? (
        <span className="visit-mini-cell__count" aria-label={countsLabel(day, t)} data-testid="day-counts">
          {formatNumber(day.total)}
        </span>
      ) : (
        <span className="visit-mini-cell__count" aria-hidden />
      )}
    </div>
  );
}

function Legend() {
  const { t } = useTranslation('visits');
  return (
    <div className="visit-calendar-legend" aria-label={t('calendar.legend')} style={{ marginTop: 8 }}>
      {visitStatuses
        .filter((s) => s !== 'unknown')
        .map((s) => (
          <span key={s} className="visit-day-count">
            <span className="visit-dot" style={{ background: visitStatusTokens[s] }} aria-hidden />
            {t(`enums:visitStatus.${s}`)}
          </span>
        ))}
    </div>
  );
}
