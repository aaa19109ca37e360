import { useMemo, useState } from 'react';
import { App, Col, Flex, Form, Input, Modal, Row, Select, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  createLeadBody,
  leadSources,
  localized,
  organizationTypes,
  phone,
  saveLeadBody,
  type CreateLeadBody,
  type Lead,
  type LeadDuplicates,
  type LeadSource,
  type OrganizationType,
} from '@pharma/contracts';
import { PhonesInput } from '../../../components/phones-input';
import { useZodForm } from '../../../components/zod-form';
import { useLanguage } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { filterChoice } from '../../organizations';
import { useRegions } from '../../regions';
import { useUserOptions } from '../../users';
import { checkLeadDuplicates, useLead, useSaveLead } from '../api/leads-api';

interface Values {
  name?: string;
  type?: OrganizationType;
  contactPerson?: string;
  phones?: string[];
  regionId?: number;
  districtId?: number;
  address?: string;
  inn?: string;
  source?: LeadSource;
  assignedTo?: number | null;
  notes?: string;
}

const toValues = (lead: Lead | undefined, callerPhone?: string): Values =>
  lead
    ? {
        name: lead.name,
        type: lead.type,
        contactPerson: lead.contactPerson ?? undefined,
        phones: lead.phones,
        regionId: lead.regionId,
        districtId: lead.districtId,
        address: lead.address ?? undefined,
        inn: lead.inn ?? undefined,
        source: lead.source,
        assignedTo: lead.assignedTo,
        notes: lead.notes ?? undefined,
      }
    : { type: 'pharmacy', source: 'call', phones: [callerPhone ?? ''] };

/**
 * A new lead (`id` null) or a change of one; likely duplicates are shown before it is saved. A new lead
 * offered by an incoming call from an unknown number starts with that number (`callerPhone`).
 */
export function LeadFormModal({ open, id, callerPhone, onClose }: { open: boolean; id: number | null; callerPhone?: string; onClose: () => void }) {
  const { t } = useTranslation('leads');
  const query = useLead(open && id ? id : undefined);
  const loading = !!id && !query.data;
  return (
    <Modal
      open={open}
      title={id ? t('editLead') : t('addLead')}
      onCancel={onClose}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{ htmlType: 'submit', form: 'lead-form', disabled: loading }}
      onOk={() => undefined}
      destroyOnHidden
      width={720}
    >
      {loading ? <Skeleton active /> : <LeadForm key={id ?? 'new'} id={id} lead={query.data} callerPhone={callerPhone} onDone={onClose} />}
    </Modal>
  );
}

function LeadForm({ id, lead, callerPhone, onDone }: { id: number | null; lead: Lead | undefined; callerPhone?: string; onDone: () => void }) {
  const { t } = useTranslation('leads');
  const { message } = App.useApp();
  const lng = useLanguage();
  const zf = useZodForm(id ? saveLeadBody : createLeadBody);
  const form = zf.form;
  const save = useSaveLead();
  const regions = useRegions();
  const manyPeople = useSession().user?.scope !== 'own';
  const people = useUserOptions();
  const [duplicates, setDuplicates] = useState<{ found: LeadDuplicates; body: CreateLeadBody } | null>(null);
  const [checking, setChecking] = useState(false);
  const regionId = Form.useWatch('regionId', form) as number | undefined;
  const initial = useMemo(() => toValues(lead, callerPhone), [lead, callerPhone]);

  const regionOptions = useMemo(() => (regions.data ?? []).map((r) => ({ value: r.id, label: localized(r.name, lng) })), [regions.data, lng]);
  const districtOptions = useMemo(
    () => (regions.data?.find((r) => r.id === regionId)?.districts ?? []).map((d) => ({ value: d.id, label: localized(d.name, lng) })),
    [regions.data, regionId, lng],
  );

  const persist = (body: CreateLeadBody) =>
    save.mutate(
      { id, body },
      {
        onSuccess: () => {
          setDuplicates(null);
          void message.success(id ? t('common:messages.saved') : t('messages.added'));
          onDone();
        },
        onError: (error) => {
          setDuplicates(null);
          zf.fail(error);
        },
      },
    );

  const onValid = (body: CreateLeadBody) => {
    setChecking(true);
    checkLeadDuplicates({ name: body.name, inn: body.inn, phones: body.phones, lat: body.lat, lng: body.lng, excludeId: id })
      .then((found) => {
        if (found.organizations.length || found.leads.length) setDuplicates({ found, body });
        else persist(body);
      })
      .catch(zf.fail)
      .finally(() => setChecking(false));
  };

  const toBody = (values: Values) => ({ ...values, phones: (values.phones ?? []).filter((p) => p && p.trim()) });
  const half = { xs: 24, md: 12 };

  return (
    <>
      <Form<Values>
        id="lead-form"
        form={form}
        layout="vertical"
        initialValues={initial}
        {...zf.submitHandlers(onValid, toBody)}
        aria-busy={checking || save.isPending}
      >
        <Row gutter={16}>
          <Col {...half}>
            <Form.Item name="name" label={t('fields.name')} required rules={zf.rule('name')}>
              <Input maxLength={200} autoComplete="off" autoFocus />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="type" label={t('fields.type')} required rules={zf.rule('type')}>
              <Select options={organizationTypes.map((v) => ({ value: v, label: t(`enums:organizationType.${v}`) }))} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="contactPerson" label={t('fields.contactPerson')} rules={zf.rule('contactPerson')}>
              <Input maxLength={120} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="source" label={t('fields.source')} required rules={zf.rule('source')}>
              <Select options={leadSources.map((v) => ({ value: v, label: t(`enums:leadSource.${v}`) }))} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <PhonesInput label={t('fields.phones')} rule={zf.schemaRule(phone)} />
          </Col>
          <Col {...half}>
            <Form.Item name="regionId" label={t('fields.region')} required rules={zf.rule('regionId')}>
              <Select
                showSearch={{ filterOption: filterChoice }}
                loading={regions.isPending}
                options={regionOptions}
                onChange={() => form.setFieldValue('districtId', undefined)}
              />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="districtId" label={t('fields.district')} required rules={zf.rule('districtId')}>
              <Select showSearch={{ filterOption: filterChoice }} disabled={!regionId} options={districtOptions} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="address" label={t('fields.address')} rules={zf.rule('address')}>
              <Input maxLength={300} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="inn" label={t('fields.inn')} rules={zf.rule('inn')}>
              <Input inputMode="numeric" maxLength={9} autoComplete="off" />
            </Form.Item>
          </Col>
          {manyPeople ? (
            <Col {...half}>
              <Form.Item name="assignedTo" label={t('fields.assignee')} rules={zf.rule('assignedTo')}>
                <Select
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  loading={people.isPending}
                  options={(people.data ?? []).map((u) => ({ value: u.id, label: u.fullName }))}
                />
              </Form.Item>
            </Col>
          ) : null}
          <Col span={24}>
            <Form.Item name="notes" label={t('fields.notes')} rules={zf.rule('notes')}>
              <Input.TextArea rows={3} maxLength={2000} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      <DuplicatesConfirm
        found={duplicates?.found ?? null}
        saving={save.isPending}
        onCancel={() => setDuplicates(null)}
        onConfirm={() => duplicates && persist(duplicates.body)}
      />
    </>
  );
}

function DuplicatesConfirm({
  found,
  saving,
  onCancel,
  onConfirm,
}: {
  found: LeadDuplicates | null;
  saving: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('leads');
  const reasons = (list: readonly string[]) => list.map((r) => <Tag key={r}>{t(`enums:duplicateReason.${r}`)}</Tag>);
  const rows = [
    ...(found?.organizations ?? []).map((o) => ({ key: `o${o.id}`, kind: t('duplicates.organization'), name: o.name, reasons: o.reasons })),
    ...(found?.leads ?? []).map((l) => ({ key: `l${l.id}`, kind: t('duplicates.lead'), name: l.name, reasons: l.reasons })),
  ];
  return (
    <Modal
      open={!!found}
      title={t('duplicates.title')}
      okText={t('duplicates.saveAnyway')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={saving}
      onOk={onConfirm}
      onCancel={onCancel}
    >
      <Typography.Paragraph>{t('duplicates.text')}</Typography.Paragraph>
      <Flex vertical gap={8} role="list">
        {rows.map((row) => (
          <Flex key={row.key} role="listitem" justify="space-between" gap={8} wrap>
            <div>
              <Typography.Text strong>{row.name}</Typography.Text> <Typography.Text type="secondary">{row.kind}</Typography.Text>
            </div>
            <div>{reasons(row.reasons)}</div>
          </Flex>
        ))}
      </Flex>
    </Modal>
  );
}
