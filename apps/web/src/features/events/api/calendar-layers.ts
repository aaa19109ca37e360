import { useQuery } from '@tanstack/react-query';
import type { EventColour } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import { useCan } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { useEventCalendar } from './events-api';

export const calendarLayers = ['events', 'tasks', 'visits'] as const;
export type CalendarLayer = (typeof calendarLayers)[number];

/** One thing in the combined calendar: an event's occurrence, a task's due time, or a visit. */
export interface CalendarItem {
  key: string;
  layer: CalendarLayer;
  id: number;
  title: string;
  startsAt: string;
  endsAt: string | null;
  allDay: boolean;
  /** an event's colour (the palette); tasks and visits take the theme's */
  colour?: EventColour;
  /** an event I was invited to and have not answered, or declined */
  response?: 'pending' | 'accepted' | 'declined' | null;
}

/** Every page of a list (100 a page, at most 10 pages): a month of a rep's visits is several hundred. */
async function allPages<T>(read: (page: number) => Promise<{ items: T[]; total: number }>): Promise<T[]> {
  const first = await read(1);
  const pages = Math.min(Math.ceil(first.total / 100), 10);
  const rest = await Promise.all(Array.from({ length: Math.max(pages - 1, 0) }, (_, i) => read(i + 2)));
  return [first, ...rest].flatMap((p) => p.items);
}

/**
 * The combined calendar (issue 17 item 4): my events, the tasks assigned to me due in the range, and my
 * visits, each a layer that can be hidden; each read by its own domain's API with its own right.
 */
export function useCalendarItems(from: string, to: string, shown: readonly CalendarLayer[], team: boolean) {
  const me = useSession().user;
  const canTasks = useCan('tasks.view');
  const canVisits = useCan('visits.view');
  const events = useEventCalendar(from, to, team);
  const tasks = useQuery({
    // keys of their own under each domain: its lists' keys hold pages (visits edit them in place), these hold every page
    queryKey: ['tasks', 'calendarLayer', { dueFrom: from, dueTo: to }],
    queryFn: ({ signal }) => allPages((page) => api.tasks.list({ query: { mine: 'assigned', dueFrom: from, dueTo: to, page, size: 100 }, signal })),
    enabled: canTasks && shown.includes('tasks'),
  });
  const visits = useQuery({
    queryKey: ['visits', 'calendarLayer', { from, to, representativeId: me?.id }],
    queryFn: ({ signal }) => allPages((page) => api.visits.visits.list({ query: { from, to, representativeId: me!.id, page, size: 100 }, signal })),
    enabled: canVisits && !!me && shown.includes('visits'),
  });
  const items: CalendarItem[] = [];
  if (shown.includes('events'))
    for (const o of events.data?.items ?? [])
      items.push({
        key: `e${o.eventId}-${o.startsAt}`,
        layer: 'events',
        id: o.eventId,
        title: o.title,
        startsAt: o.startsAt,
        endsAt: o.endsAt,
        allDay: o.allDay,
        colour: o.colour,
        response: o.myResponse,
      });
  if (shown.includes('tasks') && tasks.data)
    for (const task of tasks.data)
      if (task.dueAt && task.status !== 'cancelled')
        items.push({ key: `t${task.id}`, layer: 'tasks', id: task.id, title: task.title, startsAt: task.dueAt, endsAt: null, allDay: false });
  if (shown.includes('visits') && visits.data)
    for (const visit of visits.data)
      if (visit.status !== 'cancelled')
        items.push({
          key: `v${visit.id}`,
          layer: 'visits',
          id: visit.id,
          title: visit.organizationName,
          startsAt: visit.plannedStart,
          endsAt: visit.plannedEnd,
          allDay: false,
        });
  items.sort((a, b) => Number(b.allDay) - Number(a.allDay) || a.startsAt.localeCompare(b.startsAt));
  return {
    items,
    available: calendarLayers.filter((layer) => layer === 'events' || (layer === 'tasks' ? canTasks : canVisits)),
    events,
    fetching: events.isFetching || tasks.isFetching || visits.isFetching,
  };
}
