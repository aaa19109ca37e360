import { App, Button, Descriptions, Drawer, Flex, List, Skeleton, Tag, Typography } from 'antd';
import { CheckOutlined, CloseOutlined, DownloadOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { eventColourHex, type CalendarEvent, type EventBody, type EventResponse } from '@pharma/contracts';
import { ConfirmButton } from '../../../components/confirm-button';
import { QueryError } from '../../../components/query-error';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../lib/format';
import { downloadEventIcs, useCancelEvent, useEvent, useRespondToEvent, useUpdateEvent } from '../api/events-api';

const responseColour: Record<EventResponse, string> = { pending: 'default', accepted: 'success', declined: 'error' };

export function ResponseTag({ response }: { response: EventResponse }) {
  const { t } = useTranslation('events');
  return <Tag color={responseColour[response]}>{t(`responses.${response}`)}</Tag>;
}

/** When an event is: its times, or its days when all-day (the end is kept as the day after its last). */
export function eventWhen(event: Pick<CalendarEvent, 'startsAt' | 'endsAt' | 'allDay'>): string {
  if (!event.allDay)
    return `${formatDateTime(event.startsAt)} – ${dayjs(event.endsAt).isSame(event.startsAt, 'day') ? dayjs(event.endsAt).format('HH:mm') : formatDateTime(event.endsAt)}`;
  const last = dayjs(event.endsAt).subtract(1, 'day');
  return last.isSame(event.startsAt, 'day') ? formatDate(event.startsAt) : `${formatDate(event.startsAt)} – ${formatDate(last.toDate())}`;
}

/** The event as its form would send it, with other left-out dates (an all-day end back to its last day, as the form shows it). */
function bodyOf(event: CalendarEvent, exceptions: string[]): EventBody {
  return {
    title: event.title,
    description: event.description,
    place: event.place,
    colour: event.colour,
    startsAt: event.startsAt,
    endsAt: event.allDay ? dayjs(event.endsAt).subtract(1, 'day').toISOString() : event.endsAt,
    allDay: event.allDay,
    organizationId: event.organizationId,
    participantIds: event.participants.map((p) => p.userId),
    repeat: event.repeat,
    repeatUntil: event.repeatUntil,
    repeatCount: event.repeatCount,
    exceptions,
  };
}

/** One event: what, when, where, who and their answers; accept or decline for an invitee, change or cancel for its organizer, and its .ics. */
export function EventDrawer({
  id,
  occurrence,
  phone,
  onClose,
  onEdit,
}: {
  id: number | undefined;
  /** the day of the occurrence it was opened from */
  occurrence?: string;
  phone: boolean;
  onClose: () => void;
  onEdit: (event: CalendarEvent) => void;
}) {
  const { t } = useTranslation('events');
  const { message } = App.useApp();
  const query = useEvent(id);
  const respond = useRespondToEvent();
  const cancel = useCancelEvent();
  const update = useUpdateEvent();
  const event = query.data;
  const fail = (error: unknown) => void message.error(errorMessage(error));
  const answer = (response: 'accepted' | 'declined') =>
    respond.mutate({ id: id!, response }, { onSuccess: () => void message.success(t(`messages.${response}`)), onError: fail });

  return (
    <Drawer open={!!id} onClose={onClose} title={event?.title ?? t('title')} size={phone ? '100%' : 480} destroyOnHidden>
      {query.isError && !event ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : !event ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={16} data-testid="event-drawer">
          <Flex gap={8} wrap align="center">
            <span className="event-swatch" style={{ background: eventColourHex[event.colour] }} aria-hidden />
            <Typography.Text>{t(`colours.${event.colour}`)}</Typography.Text>
            {event.cancelledAt ? <Tag color="error">{t('cancelled')}</Tag> : null}
            {event.myResponse ? <ResponseTag response={event.myResponse} /> : null}
          </Flex>
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t('fields.when')}>{eventWhen(event)}</Descriptions.Item>
            {event.repeat !== 'none' ? (
              <Descriptions.Item label={t('fields.repeat')}>
                {t(`repeats.${event.repeat}`)}
                {event.repeatUntil ? `, ${t('repeatUntilText', { date: formatDate(event.repeatUntil) })}` : ''}
                {event.repeatCount ? `, ${t('repeatCountText', { count: event.repeatCount })}` : ''}
              </Descriptions.Item>
            ) : null}
            {event.place ? <Descriptions.Item label={t('fields.place')}>{event.place}</Descriptions.Item> : null}
            <Descriptions.Item label={t('fields.organizer')}>{event.organizerName}</Descriptions.Item>
            {event.organizationName ? <Descriptions.Item label={t('fields.organization')}>{event.organizationName}</Descriptions.Item> : null}
          </Descriptions>
          {event.description ? <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{event.description}</Typography.Paragraph> : null}
          {event.myResponse && !event.cancelledAt ? (
            <Flex gap={8} wrap>
              <Button
                type={event.myResponse === 'accepted' ? 'default' : 'primary'}
                icon={<CheckOutlined />}
                disabled={event.myResponse === 'accepted'}
                loading={respond.isPending && respond.variables?.response === 'accepted'}
                onClick={() => answer('accepted')}
              >
                {t('actions.accept')}
              </Button>
              <Button
                danger
                icon={<CloseOutlined />}
                disabled={event.myResponse === 'declined'}
                loading={respond.isPending && respond.variables?.response === 'declined'}
                onClick={() => answer('declined')}
              >
                {t('actions.decline')}
              </Button>
            </Flex>
          ) : null}
          <Flex gap={8} wrap>
            {event.editable ? (
              <>
                <Button icon={<EditOutlined />} onClick={() => onEdit(event)}>
                  {t('actions.edit')}
                </Button>
                <ConfirmButton
                  danger
                  question={t('confirmCancel')}
                  loading={cancel.isPending}
                  onConfirm={() => cancel.mutate(event.id, { onSuccess: () => void message.success(t('messages.cancelled')), onError: fail })}
                >
                  {t('actions.cancelEvent')}
                </ConfirmButton>
                {event.repeat !== 'none' && occurrence && !event.exceptions.includes(occurrence) ? (
                  <ConfirmButton
                    question={t('confirmCancel')}
                    loading={update.isPending}
                    onConfirm={() =>
                      update.mutate(
                        { id: event.id, body: bodyOf(event, [...event.exceptions, occurrence]) },
                        { onSuccess: () => void message.success(t('messages.skipped')), onError: fail },
                      )
                    }
                  >
                    {t('actions.skipOccurrence', { date: formatDate(occurrence) })}
                  </ConfirmButton>
                ) : null}
              </>
            ) : null}
            <Button icon={<DownloadOutlined />} onClick={() => downloadEventIcs(event.id).catch(fail)}>
              {t('actions.downloadIcs')}
            </Button>
          </Flex>
          <div>
            <Typography.Title level={5}>{t('fields.participants')}</Typography.Title>
            {event.participants.length ? (
              <List
                size="small"
                dataSource={event.participants}
                renderItem={(p) => (
                  <List.Item data-testid="event-participant" extra={<ResponseTag response={p.response} />}>
                    {p.name}
                  </List.Item>
                )}
              />
            ) : (
              <Typography.Text type="secondary">{t('noParticipants')}</Typography.Text>
            )}
          </div>
        </Flex>
      )}
    </Drawer>
  );
}
