import { useMemo, useState } from 'react';
import { App, Button, Card, Checkbox, Col, DatePicker, Flex, Form, Row, Select, Skeleton } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { dateFormat, type Lead, type SaveOrganizationBody } from '@pharma/contracts';
import { NotFound } from '../../../components/not-found';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { useToday } from '../../../lib/business-day';
import { hrefOf } from '../../../lib/paths';
import { OrganizationForm, type OrganizationFormValues } from '../../organizations';
import { useUserOptions } from '../../users';
import { useConvertLead, useLead } from '../api/leads-api';

const formId = 'lead-convert-form';

/** The organization's form prefilled from the lead. */
function defaultsOf(lead: Lead): Partial<OrganizationFormValues> {
  return {
    name: lead.name,
    type: lead.type,
    regionId: lead.regionId,
    districtId: lead.districtId,
    address: lead.address ?? undefined,
    lat: lead.lat,
    lng: lead.lng,
    phone: lead.phones[0],
    inn: lead.inn ?? undefined,
    responsiblePerson: lead.contactPerson ?? undefined,
    responsiblePhone: lead.phones[1] ?? null,
    deliveryRegionId: lead.regionId,
    deliveryDistrictId: lead.districtId,
    deliveryAddress: lead.address ?? undefined,
  };
}

/** /leads/:id/convert: a won lead becomes an organization, with its first visit planned if wanted. */
export function LeadConvertPage() {
  const { t } = useTranslation('leads');
  const { id: idParam } = useParams();
  const id = Number(idParam) > 0 ? Number(idParam) : undefined;
  const query = useLead(id);
  if (!id) return <NotFound />;
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  if (!query.data) return <Skeleton active paragraph={{ rows: 12 }} />;
  return (
    <div className="form-page">
      <PageHeader title={t('convert.title', { name: query.data.name })} />
      <ConvertForm lead={query.data} />
    </div>
  );
}

function ConvertForm({ lead }: { lead: Lead }) {
  const { t } = useTranslation('leads');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const today = useToday();
  const convert = useConvertLead();
  const people = useUserOptions('rep');
  const defaults = useMemo(() => defaultsOf(lead), [lead]);
  const [planVisit, setPlanVisit] = useState(true);
  const [visitDate, setVisitDate] = useState<Dayjs | null>(() => dayjs(today).add(1, 'day'));
  const [representativeId, setRepresentativeId] = useState<number | undefined>(lead.assignedTo ?? undefined);
  const [visitError, setVisitError] = useState(false);

  const onSave = (body: SaveOrganizationBody): Promise<unknown> => {
    if (planVisit && (!visitDate || !representativeId)) {
      setVisitError(true);
      return Promise.resolve();
    }
    setVisitError(false);
    const firstVisit = planVisit && visitDate && representativeId ? { representativeId, date: visitDate.format(dateFormat) } : null;
    return convert.mutateAsync({ id: lead.id, body: { organization: body, firstVisit } }).then((answer) => {
      void message.success(t('convert.done'));
      void navigate(hrefOf('organization', { id: answer.organizationId }), { replace: true });
    });
  };

  if (lead.organizationId)
    return (
      <Card>
        {t('convertedTo')} <Link to={hrefOf('organization', { id: lead.organizationId })}>{lead.organizationName}</Link>
      </Card>
    );

  return (
    <>
      <OrganizationForm key={lead.id} formId={formId} readOnly={false} defaults={defaults} saving={convert.isPending} onSave={onSave} />
      <Card title={t('convert.firstStep')} variant="borderless" style={{ marginTop: 16 }}>
        <Checkbox checked={planVisit} onChange={(e) => setPlanVisit(e.target.checked)}>
          {t('convert.planVisit')}
        </Checkbox>
        {planVisit ? (
          <Form layout="vertical" style={{ marginTop: 12 }} component="div">
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <Form.Item
                  label={t('convert.visitDate')}
                  htmlFor="lead-first-visit-date"
                  required
                  validateStatus={visitError && !visitDate ? 'error' : undefined}
                  help={visitError && !visitDate ? t('validation:required') : undefined}
                >
                  <DatePicker
                    id="lead-first-visit-date"
                    value={visitDate}
                    onChange={(d: Dayjs | null) => setVisitDate(d)}
                    format="DD.MM.YYYY"
                    disabledDate={(d) => d.isBefore(dayjs(today), 'day')}
                    style={{ width: '100%' }}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item
                  label={t('convert.representative')}
                  htmlFor="lead-first-visit-rep"
                  required
                  validateStatus={visitError && !representativeId ? 'error' : undefined}
                  help={visitError && !representativeId ? t('validation:required') : undefined}
                >
                  <Select
                    id="lead-first-visit-rep"
                    value={representativeId}
                    onChange={setRepresentativeId}
                    showSearch={{ optionFilterProp: 'label' }}
                    loading={people.isPending}
                    options={(people.data ?? []).map((u) => ({ value: u.id, label: u.fullName }))}
                  />
                </Form.Item>
              </Col>
            </Row>
          </Form>
        ) : null}
      </Card>
      <div className="sticky-actions">
        <Flex gap={8} justify="flex-end" className="form-actions">
          <Button onClick={() => void navigate(-1)}>{t('common:actions.cancel')}</Button>
          <Button type="primary" htmlType="submit" form={formId} loading={convert.isPending}>
            {t('convert.save')}
          </Button>
        </Flex>
      </div>
    </>
  );
}
