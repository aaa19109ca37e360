import { Empty, Flex, Typography } from 'antd';
import { CheckSquareOutlined, EnvironmentOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { eventColourHex } from '@pharma/contracts';
import type { CalendarItem } from '../api/calendar-layers';

const dayKey = (d: Dayjs) => d.format('YYYY-MM-DD');

/** The days an item shows on: its start's, and each day it runs into (an all-day or a long event). */
function daysOf(item: CalendarItem): string[] {
  const start = dayjs(item.startsAt).startOf('day');
  const last = item.endsAt ? dayjs(item.endsAt).subtract(1, 'millisecond').startOf('day') : start;
  const days: string[] = [];
  for (let d = start; !d.isAfter(last) && days.length < 42; d = d.add(1, 'day')) days.push(dayKey(d));
  return days.length ? days : [dayKey(start)];
}

/** The items of each day of the view. */
export function byDay(items: readonly CalendarItem[]): Map<string, CalendarItem[]> {
  const map = new Map<string, CalendarItem[]>();
  for (const item of items) for (const day of daysOf(item)) map.set(day, [...(map.get(day) ?? []), item]);
  return map;
}

/** Monday of the week holding `d` (the business week starts on Monday). */
export const weekStart = (d: Dayjs) => d.subtract((d.day() + 6) % 7, 'day').startOf('day');

/** One item as a chip: an event in its colour (outlined while unanswered, struck through when declined), a task or a visit with its icon. */
export function CalendarChip({ item, onOpen, showTime = true }: { item: CalendarItem; onOpen: (item: CalendarItem) => void; showTime?: boolean }) {
  const { t } = useTranslation('events');
  const time = item.allDay ? t('allDay') : dayjs(item.startsAt).format('HH:mm');
  const colour = item.colour ? eventColourHex[item.colour] : undefined;
  const label = `${t(`layers.${item.layer}`)}: ${item.title}, ${time}${item.response ? `, ${t(`responses.${item.response}`)}` : ''}`;
  return (
    <button
      type="button"
      className={`calendar-chip calendar-chip--${item.layer}${item.response === 'pending' ? ' calendar-chip--pending' : ''}${item.response === 'declined' ? ' calendar-chip--declined' : ''}`}
      style={colour ? ({ '--event-colour': colour } as React.CSSProperties) : undefined}
      onClick={(e) => {
        e.stopPropagation();
        onOpen(item);
      }}
      aria-label={label}
      title={label}
      data-testid="calendar-chip"
      data-layer={item.layer}
    >
      {item.layer === 'tasks' ? <CheckSquareOutlined aria-hidden /> : item.layer === 'visits' ? <EnvironmentOutlined aria-hidden /> : null}
      {showTime ? <span className="calendar-chip__time">{time}</span> : null}
      <span className="calendar-chip__title">{item.title}</span>
    </button>
  );
}

interface ViewProps {
  anchor: Dayjs;
  items: readonly CalendarItem[];
  today: string;
  onOpen: (item: CalendarItem) => void;
  onDay: (date: string) => void;
}

const shownPerDay = 3;

/** The month as a grid of six weeks from Monday; a day shows its first items and how many more (the day view has them all). */
export function MonthView({ anchor, items, today, onOpen, onDay }: ViewProps) {
  const { t } = useTranslation('events');
  const first = weekStart(anchor.startOf('month'));
  const days = Array.from({ length: 42 }, (_, i) => first.add(i, 'day'));
  const map = byDay(items);
  return (
    <div className="calendar-month" role="grid" aria-label={anchor.format('MMMM YYYY')}>
      <div className="calendar-month__row" role="row">
        {days.slice(0, 7).map((d) => (
          <div key={`h${d.day()}`} className="calendar-month__weekday" role="columnheader">
            {d.format('dd')}
          </div>
        ))}
      </div>
      {Array.from({ length: 6 }, (_, week) => (
        <div key={week} className="calendar-month__row" role="row">
          {days.slice(week * 7, week * 7 + 7).map((d) => {
            const key = dayKey(d);
            const dayItems = map.get(key) ?? [];
            return (
              <div
                key={key}
                role="gridcell"
                className={`calendar-month__day${d.month() === anchor.month() ? '' : ' calendar-month__day--other'}${key === today ? ' calendar-month__day--today' : ''}`}
                data-date={key}
              >
                <button type="button" className="calendar-month__date" onClick={() => onDay(key)} aria-label={d.format('D MMMM YYYY')}>
                  {d.date()}
                </button>
                <Flex vertical gap={2}>
                  {dayItems.slice(0, shownPerDay).map((item) => (
                    <CalendarChip key={item.key} item={item} onOpen={onOpen} />
                  ))}
                  {dayItems.length > shownPerDay ? (
                    <button type="button" className="calendar-more" onClick={() => onDay(key)}>
                      {t('actions.more', { count: dayItems.length - shownPerDay })}
                    </button>
                  ) : null}
                </Flex>
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}

/** Seven columns from Monday, each day's items in order of time. */
export function WeekView({ anchor, items, today, onOpen, onDay }: ViewProps) {
  const first = weekStart(anchor);
  const map = byDay(items);
  return (
    <div className="calendar-week">
      {Array.from({ length: 7 }, (_, i) => first.add(i, 'day')).map((d) => {
        const key = dayKey(d);
        return (
          <section
            key={key}
            className={`calendar-week__day${key === today ? ' calendar-week__day--today' : ''}`}
            data-date={key}
            aria-label={d.format('dddd, D MMMM')}
          >
            <button type="button" className="calendar-week__head" onClick={() => onDay(key)}>
              <span>{d.format('dd')}</span> <strong>{d.date()}</strong>
            </button>
            <Flex vertical gap={4}>
              {(map.get(key) ?? []).map((item) => (
                <CalendarChip key={item.key} item={item} onOpen={onOpen} />
              ))}
            </Flex>
          </section>
        );
      })}
    </div>
  );
}

/** The days that have something, each with its items: the day view, and on a phone every view (a grid does not fit 390 px). */
export function AgendaView({
  days,
  items,
  today,
  onOpen,
}: {
  days: Dayjs[];
  items: readonly CalendarItem[];
  today: string;
  onOpen: (item: CalendarItem) => void;
}) {
  const { t } = useTranslation('events');
  const map = byDay(items);
  const shown = days.filter((d) => map.has(dayKey(d)));
  if (!shown.length) return <Empty description={t('empty')} />;
  return (
    <Flex vertical gap={12} className="calendar-agenda">
      {shown.map((d) => {
        const key = dayKey(d);
        return (
          <section key={key} data-date={key} aria-label={d.format('dddd, D MMMM')}>
            <Typography.Title level={5} className={`calendar-agenda__day${key === today ? ' calendar-agenda__day--today' : ''}`}>
              {d.format('dddd, D MMMM')}
            </Typography.Title>
            <Flex vertical gap={6}>
              {map.get(key)!.map((item) => (
                <CalendarChip key={item.key} item={item} onOpen={onOpen} />
              ))}
            </Flex>
          </section>
        );
      })}
    </Flex>
  );
}
