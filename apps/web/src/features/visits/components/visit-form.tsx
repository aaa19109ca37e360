import { useMemo, type ReactNode } from 'react';
import { App, Button, Col, Drawer, Flex, Form, Input, Modal, Row, Select, Skeleton, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { planVisitBody, type PlanVisitBody, type Visit } from '@pharma/contracts';
import { QueryError } from '../../../components/query-error';
import { useZodForm } from '../../../components/zod-form';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { cachedName } from '../../../lib/query-client';
import { useSession } from '../../../lib/session';
import { phoneBelowPx, useWindowWidth } from '../../../lib/use-window-width';
import { useDoctors } from '../../doctors';
import { OrganizationPicker, filterChoice } from '../../organizations';
import { useVisit } from '../api/get-visit';
import { usePlanVisit } from '../api/plan-visit';
import { useUpdateVisit } from '../api/update-visit';
import { DateTimeField } from './date-time-field';
import { RepresentativeSelect } from './representative-select';
import './visits.css';

/** What the form plans: a new visit (prefilled with a day, an organization, a representative) or an existing one. */
export type VisitFormTarget = { mode: 'create'; date?: string; organizationId?: number; representativeId?: number } | { mode: 'edit'; id: number };

const formId = 'visit-form';
const defaultLengthMinutes = 60;

/**
 * Plan or edit a visit (spec §5: organization, representative, start and end required; the end not
 * before the start). A modal at a desk, a full-screen drawer on a phone. The server's field errors
 * land on their fields; anything else says 'Visit saving error'.
 */
export function VisitFormModal({ target, onClose, onSaved }: { target: VisitFormTarget | null; onClose: () => void; onSaved?: (visit: Visit) => void }) {
  const { t } = useTranslation('visits');
  const phone = useWindowWidth() < phoneBelowPx;
  const plan = usePlanVisit();
  const update = useUpdateVisit();
  const visit = useVisit(target?.mode === 'edit' ? target.id : null);
  const title = target?.mode === 'edit' ? t('titles.editVisit') : t('titles.planVisit');
  const saving = plan.isPending || update.isPending;

  let body: ReactNode = null;
  if (target?.mode === 'create')
    body = (
      <VisitForm
        key={`new-${target.date ?? ''}-${target.organizationId ?? ''}`}
        target={target}
        onDone={onClose}
        onSaved={onSaved}
        mutations={{ plan, update }}
      />
    );
  else if (target?.mode === 'edit') {
    if (visit.isPending) body = <Skeleton active paragraph={{ rows: 6 }} />;
    else if (visit.isError)
      body = <QueryError error={visit.error} title={t('messages.visitLoadError')} onRetry={() => void visit.refetch()} retrying={visit.isFetching} />;
    else body = <VisitForm key={visit.data.id} target={target} visit={visit.data} onDone={onClose} onSaved={onSaved} mutations={{ plan, update }} />;
  }

  const footer = (
    <Flex justify="flex-end" gap={8}>
      <Button size={phone ? 'large' : undefined} onClick={onClose}>
        {t('common:actions.cancel')}
      </Button>
      <Button
        size={phone ? 'large' : undefined}
        type="primary"
        htmlType="submit"
        form={formId}
        loading={saving}
        disabled={target?.mode === 'edit' && !visit.data}
      >
        {t('common:actions.save')}
      </Button>
    </Flex>
  );

  if (phone) {
    return (
      <Drawer open={!!target} onClose={onClose} title={title} size="100%" placement="right" destroyOnHidden footer={footer} className="visit-form-drawer">
        {body}
      </Drawer>
    );
  }
  return (
    <Modal open={!!target} title={title} onCancel={onClose} footer={footer} destroyOnHidden width={640}>
      {body}
    </Modal>
  );
}

interface FormValues {
  organizationId?: number | null;
  representativeId?: number | null;
  doctorIds?: number[];
  plannedStart?: Dayjs | null;
  plannedEnd?: Dayjs | null;
  comment?: string | null;
}

/** The next half hour from now, or 09:00 on another day. */
export function defaultStart(date: string | undefined, now: Dayjs = dayjs()): Dayjs {
  const today = now.format('YYYY-MM-DD');
  if (date && date !== today) return dayjs(`${date}T09:00`);
  const next = now
    .add(30 - (now.minute() % 30), 'minute')
    .second(0)
    .millisecond(0);
  return next;
}

/** The form's values as the request body (instants with the browser's offset). */
export function toBody(values: FormValues): unknown {
  return {
    organizationId: values.organizationId ?? undefined,
    representativeId: values.representativeId ?? undefined,
    doctorIds: values.doctorIds ?? [],
    plannedStart: values.plannedStart ? values.plannedStart.second(0).millisecond(0).format() : '',
    plannedEnd: values.plannedEnd ? values.plannedEnd.second(0).millisecond(0).format() : '',
    comment: values.comment ?? null,
  };
}

/** A code without a field that still concerns one field of the form. */
const codeFields: Partial<Record<string, keyof FormValues>> = { ORGANIZATION_BLOCKED: 'organizationId', VISIT_DOCTOR_ALREADY_ADDED: 'doctorIds' };

function VisitForm({
  target,
  visit,
  onDone,
  onSaved,
  mutations: { plan, update },
}: {
  target: VisitFormTarget;
  visit?: Visit;
  onDone: () => void;
  onSaved?: (visit: Visit) => void;
  mutations: { plan: ReturnType<typeof usePlanVisit>; update: ReturnType<typeof useUpdateVisit> };
}) {
  const { t } = useTranslation('visits');
  const { message } = App.useApp();
  const zf = useZodForm(planVisitBody);
  const user = useSession().user;
  const queryClient = useQueryClient();
  const ownScope = user?.scope === 'own';

  const initialValues = useMemo<FormValues>(() => {
    if (visit) {
      return {
        organizationId: visit.organizationId,
        representativeId: visit.representativeId,
        doctorIds: visit.doctors.map((d) => d.doctorId),
        plannedStart: dayjs(visit.plannedStart),
        plannedEnd: dayjs(visit.plannedEnd),
        comment: visit.comment,
      };
    }
    const create = target.mode === 'create' ? target : undefined;
    const start = defaultStart(create?.date);
    return {
      organizationId: create?.organizationId ?? null,
      representativeId: ownScope ? user?.id : (create?.representativeId ?? null),
      doctorIds: [],
      plannedStart: start,
      plannedEnd: start.add(defaultLengthMinutes, 'minute'),
      comment: null,
    };
  }, [visit, target, ownScope, user?.id]);

  const organizationId = Form.useWatch('organizationId', zf.form) ?? initialValues.organizationId;
  const doctors = useDoctors({ organizationId: organizationId ?? undefined, page: 1, size: 100, sort: 'fullName' }, !!organizationId);
  const doctorOptions = useMemo(() => {
    const list = (doctors.data?.items ?? []).map((d) => ({ value: d.id, label: d.fullName }));
    // a doctor of the saved visit beyond the first hundred still shows by name
    for (const d of visit?.doctors ?? []) if (!list.some((o) => o.value === d.doctorId)) list.push({ value: d.doctorId, label: d.fullName });
    return list;
  }, [doctors.data, visit]);

  const fail = (error: unknown) => {
    const field = error instanceof ApiError ? codeFields[error.code] : undefined;
    let onField = false;
    if (field && error instanceof ApiError && Object.keys(error.fields).length === 0) {
      zf.form.setFields([{ name: field, errors: [error.message] }]);
      onField = true;
    } else onField = zf.showServerErrors(error);
    void message.error(onField ? t('messages.saveError') : t('messages.saveErrorWithReason', { reason: errorMessage(error) }));
  };

  const submit = (body: PlanVisitBody) => {
    const done = (saved: Visit, text: string) => {
      void message.success(text);
      onSaved?.(saved);
      onDone();
    };
    if (target.mode === 'edit') update.mutate({ id: target.id, body }, { onSuccess: (v) => done(v, t('messages.updated')), onError: fail });
    else
      plan.mutate(
        {
          body,
          names: {
            organizationName: cachedName(queryClient, 'organizations', body.organizationId) ?? '',
            representativeName:
              (body.representativeId === user?.id ? user.fullName : cachedName(queryClient, 'users', body.representativeId, 'fullName')) ?? '',
          },
        },
        { onSuccess: (v) => done(v, t('messages.created')), onError: fail },
      );
  };

  const onValuesChange = (changed: Partial<FormValues>, all: FormValues) => {
    // the doctors belong to the organization: another organization, other doctors
    if ('organizationId' in changed) zf.form.setFieldValue('doctorIds', []);
    // a start moved past the end takes the end along (same length)
    if ('plannedStart' in changed && changed.plannedStart && (!all.plannedEnd || all.plannedEnd.isBefore(changed.plannedStart))) {
      zf.form.setFieldValue('plannedEnd', changed.plannedStart.add(defaultLengthMinutes, 'minute'));
      void zf.form.validateFields(['plannedEnd']).catch(() => undefined);
    }
  };

  const required = (value: unknown) => (value ? Promise.resolve() : Promise.reject(new Error(t('validation:required'))));
  const half = { xs: 24, sm: 12 };

  return (
    <Form<FormValues>
      id={formId}
      form={zf.form}
      layout="vertical"
      initialValues={initialValues}
      onValuesChange={onValuesChange}
      {...zf.submitHandlers<FormValues>(submit, toBody)}
      className="visit-form"
    >
      <Form.Item name="organizationId" label={t('fields.organizationId.label')} required rules={zf.rule('organizationId')}>
        <OrganizationPicker ariaLabel={t('fields.organizationId.label')} />
      </Form.Item>
      {ownScope ? (
        <Form.Item label={t('fields.representativeId.label')}>
          <Typography.Text>{visit?.representativeName ?? user?.fullName}</Typography.Text>
          <Form.Item name="representativeId" hidden noStyle>
            <Input type="hidden" />
          </Form.Item>
        </Form.Item>
      ) : (
        <Form.Item name="representativeId" label={t('fields.representativeId.label')} required rules={zf.rule('representativeId')}>
          <RepresentativeSelect ariaLabel={t('fields.representativeId.label')} />
        </Form.Item>
      )}
      <Form.Item
        name="doctorIds"
        label={t('fields.doctorIds.label')}
        rules={zf.rule('doctorIds')}
        extra={organizationId ? undefined : t('fields.doctorIds.hint')}
      >
        <Select<number[]>
          mode="multiple"
          aria-label={t('fields.doctorIds.label')}
          disabled={!organizationId}
          loading={doctors.isFetching}
          showSearch={{ filterOption: filterChoice }}
          options={doctorOptions}
          placeholder={t('fields.doctorIds.placeholder')}
          notFoundContent={doctors.isError ? t('messages.doctorsError') : t('messages.noDoctors')}
          maxTagCount="responsive"
        />
      </Form.Item>
      <Row gutter={16}>
        <Col {...half}>
          <Form.Item name="plannedStart" label={t('fields.plannedStart.label')} required rules={[{ validator: (_r, v) => required(v) }]}>
            <DateTimeField ariaLabel={t('fields.plannedStart.label')} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="plannedEnd"
            label={t('fields.plannedEnd.label')}
            required
            dependencies={['plannedStart']}
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_rule, value: Dayjs | null | undefined) => {
                  await required(value);
                  const start = getFieldValue('plannedStart') as Dayjs | null | undefined;
                  if (start && value && value.isBefore(start)) throw new Error(t('validation:endBeforeStart'));
                },
              }),
            ]}
          >
            <DateTimeField ariaLabel={t('fields.plannedEnd.label')} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="comment" label={t('fields.comment.label')} rules={zf.rule('comment')}>
        <Input.TextArea maxLength={1000} showCount autoSize={{ minRows: 2, maxRows: 6 }} />
      </Form.Item>
    </Form>
  );
}
