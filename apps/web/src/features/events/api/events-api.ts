import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarEvent, EventBody } from '@pharma/contracts';
import { api, saveDownload } from '../../../lib/api-client';

/** The occurrences of my events between two dates (both included); `team` adds my team's. */
export const useEventCalendar = (from: string, to: string, team: boolean) =>
  useQuery({
    queryKey: ['events', 'calendar', from, to, team],
    queryFn: ({ signal }) => api.events.list({ query: { from, to, who: team ? 'team' : 'me' }, signal }),
    placeholderData: keepPreviousData,
  });

export const useEvent = (id: number | undefined) =>
  useQuery({ queryKey: ['events', 'detail', id], queryFn: ({ signal }) => api.events.get({ params: { id: id! }, signal }), enabled: !!id });

/** Every change answers the event as it now is: the drawer shows it at once, the calendar is read again. */
function useEventChange<V>(change: (vars: V) => Promise<CalendarEvent>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (event) => {
      queryClient.setQueryData(['events', 'detail', event.id], event);
      void queryClient.invalidateQueries({ queryKey: ['events', 'calendar'] });
    },
  });
}

export const useCreateEvent = () => useEventChange((body: EventBody) => api.events.create({ body }));
export const useUpdateEvent = () => useEventChange(({ id, body }: { id: number; body: EventBody }) => api.events.update({ params: { id }, body }));
export const useCancelEvent = () => useEventChange((id: number) => api.events.cancel({ params: { id } }));
export const useRespondToEvent = () =>
  useEventChange(({ id, response }: { id: number; response: 'accepted' | 'declined' }) => api.events.respond({ params: { id }, body: { response } }));

export const downloadEventIcs = async (id: number) => saveDownload(await api.events.ics({ params: { id } }), `event-${id}.ics`);
export const downloadEventsFeed = async (from: string, to: string) => saveDownload(await api.events.feed({ query: { from, to } }), `events-${from}.ics`);
