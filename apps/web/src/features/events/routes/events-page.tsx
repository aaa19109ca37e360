import { useState } from 'react';
import { Button, Card, Checkbox, Flex, Segmented, Switch, Tooltip, Typography } from 'antd';
import { CalendarOutlined, LeftOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import type { CalendarEvent } from '@pharma/contracts';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { useToday } from '../../../lib/business-day';
import { hrefOf } from '../../../lib/paths';
import { useCan } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { idFilter, useListParams } from '../../../lib/use-list-params';
import { phoneBelowPx, useWindowWidth } from '../../../lib/use-window-width';
import { calendarLayers, useCalendarItems, type CalendarItem, type CalendarLayer } from '../api/calendar-layers';
import { downloadEventsFeed } from '../api/events-api';
import { AgendaView, MonthView, WeekView, weekStart } from '../components/calendar-views';
import { EventDrawer } from '../components/event-drawer';
import { EventFormModal } from '../components/event-form-modal';
import '../events.css';

const views = ['month', 'week', 'day'] as const;
type View = (typeof views)[number];
const isView = (v: string | undefined): v is View => (views as readonly string[]).includes(v ?? '');

/** The dates a view shows: the month's six weeks from Monday (on a phone, the month itself), the week from Monday, the day. */
function rangeOf(view: View, anchor: Dayjs, phone: boolean): [Dayjs, Dayjs] {
  if (view === 'day') return [anchor, anchor];
  if (view === 'week') return [weekStart(anchor), weekStart(anchor).add(6, 'day')];
  if (phone) return [anchor.startOf('month'), anchor.endOf('month').startOf('day')];
  const first = weekStart(anchor.startOf('month'));
  return [first, first.add(41, 'day')];
}

/**
 * /events (issue 17 item 4): the combined calendar — my events, my tasks' due times and my visits as
 * layers — by month, week or day; on a phone an agenda of the days that have something. An event opens
 * in a drawer (`?event=<id>`, so an invitation's notification links to it); `?event=new` is the form.
 */
export function EventsPage() {
  const { t } = useTranslation('events');
  const navigate = useNavigate();
  const phone = useWindowWidth() < phoneBelowPx;
  const today = useToday();
  const canEdit = useCan('events.edit');
  // a user with a team (a chief, an admin) may also show the events of people in it
  const seesTeam = useSession().user?.scope !== 'own';
  const { filters, update } = useListParams(['view', 'date', 'event', 'on'] as const);
  const view: View = isView(filters.view) ? filters.view : 'month';
  const anchor = dayjs(filters.date && dayjs(filters.date).isValid() ? filters.date : today).startOf('day');
  const [shown, setShown] = useState<CalendarLayer[]>([...calendarLayers]);
  const [team, setTeam] = useState(false);
  const [editing, setEditing] = useState<CalendarEvent | null>(null);
  const [from, to] = rangeOf(view, anchor, phone);
  const [fromDate, toDate] = [from.format('YYYY-MM-DD'), to.format('YYYY-MM-DD')];
  const calendar = useCalendarItems(fromDate, toDate, shown, team);

  const step = (by: number) => update({ date: anchor.add(by, view).format('YYYY-MM-DD') });
  const openDay = (date: string) => update({ view: 'day', date });
  const open = (item: CalendarItem) => {
    // the occurrence's day goes along: the organizer of a repeat may leave that one out
    if (item.layer === 'events') update({ event: item.id, on: dayjs(item.startsAt).format('YYYY-MM-DD') });
    else if (item.layer === 'tasks') void navigate(hrefOf('tasks', {}, { task: item.id }));
    else void navigate(hrefOf('visitsByDate', { date: dayjs(item.startsAt).format('YYYY-MM-DD') }));
  };
  const title =
    view === 'month'
      ? anchor.format('MMMM YYYY')
      : view === 'week'
        ? `${from.format('D MMM')} – ${to.format('D MMM YYYY')}`
        : anchor.format('dddd, D MMMM YYYY');
  const days = Array.from({ length: to.diff(from, 'day') + 1 }, (_, i) => from.add(i, 'day'));
  const formOpen = canEdit && (filters.event === 'new' || !!editing);

  return (
    <div className={phone ? 'events-page phone-screen' : 'events-page'}>
      <PageHeader
        title={t('title')}
        extra={
          <Flex gap={8} wrap>
            <Tooltip title={t('actions.downloadFeedHint')}>
              <Button icon={<CalendarOutlined />} onClick={() => void downloadEventsFeed(fromDate, toDate)}>
                {phone ? '.ics' : t('actions.downloadFeed')}
              </Button>
            </Tooltip>
            {canEdit ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => update({ event: 'new' })}>
                {t('new')}
              </Button>
            ) : null}
          </Flex>
        }
      />
      <Card variant="borderless" styles={{ body: { padding: phone ? 8 : 16 } }}>
        <Flex justify="space-between" align="center" gap={8} wrap className="events-toolbar">
          <Flex align="center" gap={4} wrap>
            <Tooltip title={t('actions.previous')}>
              <Button icon={<LeftOutlined />} aria-label={t('actions.previous')} onClick={() => step(-1)} />
            </Tooltip>
            <Tooltip title={t('actions.next')}>
              <Button icon={<RightOutlined />} aria-label={t('actions.next')} onClick={() => step(1)} />
            </Tooltip>
            <Button onClick={() => update({ date: undefined })} disabled={anchor.format('YYYY-MM-DD') === today}>
              {t('actions.today')}
            </Button>
            <Typography.Title level={2} className="events-toolbar__title" aria-live="polite" data-testid="events-range">
              {title}
            </Typography.Title>
          </Flex>
          <Segmented
            value={view}
            onChange={(v) => update({ view: v === 'month' ? undefined : v })}
            options={views.map((v) => ({ value: v, label: t(`views.${v}`) }))}
          />
        </Flex>
        <Flex gap={12} wrap align="center" className="events-layers" role="group" aria-label={t('layers.label')}>
          <Checkbox.Group
            value={shown}
            onChange={(v) => setShown(v)}
            options={calendar.available.map((layer) => ({
              value: layer,
              label: <span className={`events-layer events-layer--${layer}`}>{t(`layers.${layer}`)}</span>,
            }))}
          />
          {seesTeam ? (
            <label className="events-team">
              <Switch size="small" checked={team} onChange={setTeam} /> {t('layers.team')}
            </label>
          ) : null}
        </Flex>
        {calendar.events.isError ? (
          <QueryError
            error={calendar.events.error}
            title={t('messages.loadError')}
            onRetry={() => void calendar.events.refetch()}
            retrying={calendar.events.isFetching}
          />
        ) : null}
        <div aria-busy={calendar.fetching} className={calendar.fetching ? 'events-body events-body--loading' : 'events-body'}>
          {phone || view === 'day' ? (
            <AgendaView days={days} items={calendar.items} today={today} onOpen={open} />
          ) : view === 'week' ? (
            <WeekView anchor={anchor} items={calendar.items} today={today} onOpen={open} onDay={openDay} />
          ) : (
            <MonthView anchor={anchor} items={calendar.items} today={today} onOpen={open} onDay={openDay} />
          )}
        </div>
      </Card>
      <EventDrawer
        id={idFilter(filters.event)}
        occurrence={filters.on}
        phone={phone}
        onClose={() => update({ event: undefined, on: undefined })}
        onEdit={(event) => {
          setEditing(event);
          update({ event: undefined, on: undefined });
        }}
      />
      <EventFormModal
        open={formOpen}
        event={editing}
        day={filters.date ?? today}
        onClose={() => {
          setEditing(null);
          update({ event: undefined });
        }}
      />
    </div>
  );
}
