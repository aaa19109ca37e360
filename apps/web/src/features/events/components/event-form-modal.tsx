import { App, DatePicker, Form, Input, InputNumber, Modal, Radio, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { eventColourHex, eventColours, eventRepeats, type CalendarEvent, type EventBody, type EventColour, type EventRepeat } from '@pharma/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, errorMessage, isApiError } from '../../../lib/api-client';
import { OrganizationPicker } from '../../organizations';
import { useSession } from '../../../lib/session';
import { useCreateEvent, useUpdateEvent } from '../api/events-api';

type RepeatEnd = 'never' | 'until' | 'count';
interface Values {
  title: string;
  colour: EventColour;
  allDay: boolean;
  startsAt: Dayjs;
  endsAt: Dayjs;
  place?: string;
  participantIds: number[];
  organizationId?: number | null;
  repeat: EventRepeat;
  repeatEnd: RepeatEnd;
  repeatUntil?: Dayjs | null;
  repeatCount?: number | null;
  description?: string;
}

/** What the form starts from: a new event at the next whole hour of the chosen day, or the event being changed. */
function initialOf(event: CalendarEvent | null, day: string): Partial<Values> {
  if (!event) {
    const start = dayjs(day)
      .hour(Math.min(dayjs().hour() + 1, 18))
      .minute(0)
      .second(0)
      .millisecond(0);
    return { colour: 'blue', allDay: false, startsAt: start, endsAt: start.add(1, 'hour'), participantIds: [], repeat: 'none', repeatEnd: 'never' };
  }
  return {
    title: event.title,
    colour: event.colour,
    allDay: event.allDay,
    startsAt: dayjs(event.startsAt),
    // an all-day event is kept to the start of the day after its last: the form shows its last day
    endsAt: event.allDay ? dayjs(event.endsAt).subtract(1, 'day') : dayjs(event.endsAt),
    place: event.place ?? undefined,
    participantIds: event.participants.map((p) => p.userId),
    organizationId: event.organizationId,
    repeat: event.repeat,
    repeatEnd: event.repeatUntil ? 'until' : event.repeatCount ? 'count' : 'never',
    repeatUntil: event.repeatUntil ? dayjs(event.repeatUntil) : null,
    repeatCount: event.repeatCount,
    description: event.description ?? undefined,
  };
}

/**
 * A new event, or a change by its organizer: the participants offered are those the user may invite
 * (themselves and their team; the server checks again), and each is told. Rules as the contracts':
 * a title, the end after the start, a repeat ending by a date or a count.
 */
export function EventFormModal({ open, event, day, onClose }: { open: boolean; event: CalendarEvent | null; day: string; onClose: () => void }) {
  const { t } = useTranslation('events');
  const { message } = App.useApp();
  const me = useSession().user;
  const [form] = Form.useForm<Values>();
  // the people one may invite: oneself and one's team (as tasks' assignees); read when the form opens
  const people = useQuery({ queryKey: ['users', 'options'], queryFn: ({ signal }) => api.users.options({ signal }), enabled: open });
  const create = useCreateEvent();
  const update = useUpdateEvent();
  const allDay = Form.useWatch('allDay', form);
  const repeat = Form.useWatch('repeat', form);
  const repeatEnd = Form.useWatch('repeatEnd', form);

  const submit = (values: Values) => {
    const body: EventBody = {
      title: values.title,
      colour: values.colour,
      allDay: values.allDay,
      startsAt: (values.allDay ? values.startsAt.startOf('day') : values.startsAt).toISOString(),
      endsAt: (values.allDay ? values.endsAt.startOf('day') : values.endsAt).toISOString(),
      place: values.place,
      participantIds: values.participantIds.filter((id) => id !== me?.id),
      organizationId: values.organizationId ?? null,
      repeat: values.repeat,
      repeatUntil: values.repeat !== 'none' && values.repeatEnd === 'until' && values.repeatUntil ? values.repeatUntil.format('YYYY-MM-DD') : null,
      repeatCount: values.repeat !== 'none' && values.repeatEnd === 'count' ? (values.repeatCount ?? null) : null,
      exceptions: event?.exceptions ?? [],
      description: values.description,
    };
    const done = {
      onSuccess: () => {
        void message.success(t(event ? 'messages.saved' : 'messages.created'));
        onClose();
      },
      onError: (error: unknown) => {
        if (isApiError(error))
          form.setFields(Object.entries(error.fields).map(([name, text]) => ({ name: name.split('.')[0] as keyof Values, errors: [text] })));
        void message.error(errorMessage(error));
      },
    };
    if (event) update.mutate({ id: event.id, body }, done);
    else create.mutate(body, done);
  };
  const timeFormat = allDay ? 'YYYY-MM-DD' : 'YYYY-MM-DD HH:mm';

  return (
    <Modal
      open={open}
      title={t(event ? 'edit' : 'new')}
      onCancel={onClose}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={create.isPending || update.isPending}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" onFinish={submit} initialValues={initialOf(event, day)} requiredMark id="event-form">
        <Form.Item
          name="title"
          label={t('fields.title')}
          rules={[
            { required: true, whitespace: true, message: t('validation:required') },
            { max: 200, message: t('validation:tooLong') },
          ]}
        >
          <Input maxLength={200} showCount autoFocus />
        </Form.Item>
        <Form.Item name="colour" label={t('fields.colour')}>
          <Radio.Group className="event-colours">
            {eventColours.map((c) => (
              <Radio.Button key={c} value={c} aria-label={t(`colours.${c}`)} title={t(`colours.${c}`)} className="event-colour-option">
                <span className="event-swatch" style={{ background: eventColourHex[c] }} aria-hidden />
              </Radio.Button>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item name="allDay" label={t('fields.allDay')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <div className="event-form__times">
          <Form.Item name="startsAt" label={t('fields.startsAt')} rules={[{ required: true, message: t('validation:required') }]}>
            <DatePicker showTime={allDay ? false : { format: 'HH:mm', minuteStep: 5 }} format={timeFormat} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="endsAt"
            label={t('fields.endsAt')}
            dependencies={['startsAt', 'allDay']}
            rules={[
              { required: true, message: t('validation:required') },
              ({ getFieldValue }) => ({
                validator: (_, end: Dayjs | undefined) => {
                  const start = getFieldValue('startsAt') as Dayjs | undefined;
                  if (!end || !start) return Promise.resolve();
                  const ok = getFieldValue('allDay') ? !end.startOf('day').isBefore(start.startOf('day')) : end.isAfter(start);
                  return ok ? Promise.resolve() : Promise.reject(new Error(t('validation:endBeforeStart')));
                },
              }),
            ]}
          >
            <DatePicker showTime={allDay ? false : { format: 'HH:mm', minuteStep: 5 }} format={timeFormat} style={{ width: '100%' }} />
          </Form.Item>
        </div>
        <Form.Item name="participantIds" label={t('fields.participants')}>
          <Select
            mode="multiple"
            loading={people.isPending}
            optionFilterProp="label"
            options={(people.data ?? []).filter((u) => u.id !== me?.id).map((u) => ({ value: u.id, label: u.fullName }))}
          />
        </Form.Item>
        <Form.Item name="place" label={t('fields.place')}>
          <Input maxLength={300} />
        </Form.Item>
        <Form.Item name="organizationId" label={t('fields.organization')}>
          <OrganizationPicker ariaLabel={t('fields.organization')} />
        </Form.Item>
        <Form.Item name="repeat" label={t('fields.repeat')} extra={repeat === 'monthly' || repeat === 'yearly' ? t('repeatNote') : undefined}>
          <Select options={eventRepeats.map((r) => ({ value: r, label: t(`repeats.${r}`) }))} />
        </Form.Item>
        {repeat && repeat !== 'none' ? (
          <>
            <Form.Item name="repeatEnd" label={t('fields.repeatEnd')}>
              <Radio.Group options={(['never', 'until', 'count'] as const).map((v) => ({ value: v, label: t(`repeatEnds.${v}`) }))} />
            </Form.Item>
            {repeatEnd === 'until' ? (
              <Form.Item name="repeatUntil" label={t('fields.repeatUntil')} rules={[{ required: true, message: t('validation:required') }]}>
                <DatePicker format="YYYY-MM-DD" style={{ width: '100%' }} />
              </Form.Item>
            ) : null}
            {repeatEnd === 'count' ? (
              <Form.Item name="repeatCount" label={t('fields.repeatCount')} rules={[{ required: true, message: t('validation:required') }]}>
                <InputNumber min={1} max={1000} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            ) : null}
          </>
        ) : null}
        <Form.Item name="description" label={t('fields.description')}>
          <Input.TextArea rows={3} maxLength={4000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
