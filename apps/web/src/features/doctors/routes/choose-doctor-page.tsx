import { useState } from 'react';
import { Button, Card, Flex, Form } from 'antd';
import { CheckOutlined, PlusOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Doctor } from '@pharma/contracts';
import { PageHeader } from '../../../components/page-header';
import { SearchInput } from '../../../components/search-input';
import { useCan } from '../../../lib/permissions';
import { useListParams } from '../../../lib/use-list-params';
import { OrganizationPicker } from '../../organizations';
import { useDoctors } from '../api/get-doctors';
import { DoctorFormModal, type DoctorTarget } from '../components/doctor-form-modal';
import { DoctorsTable, doctorPath } from '../components/doctors-table';

/** Where a chosen doctor goes back to: only a path inside the app. */
function safeReturn(value: string | null): string | null {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : null;
}

/**
 * /choose-doctor?organization=ID[&returnTo=/path]: the doctors of an organization to pick from
 * ('No doctors found' when it has none); the choice goes back to `returnTo` as ?doctor=ID.
 */
export function ChooseDoctorPage() {
  const { t } = useTranslation('doctors');
  const navigate = useNavigate();
  const canEdit = useCan('organizations.edit');
  const [search] = useSearchParams();
  const { page, size, filters, update } = useListParams(['organization', 'q'] as const);
  const organizationId = Number(filters.organization) > 0 ? Number(filters.organization) : undefined;
  const query = useDoctors({ organizationId, page, size, q: filters.q, sort: 'fullName' }, !!organizationId);
  const [target, setTarget] = useState<DoctorTarget | null>(null);
  const returnTo = safeReturn(search.get('returnTo'));

  const choose = (doctor: Doctor) => {
    if (returnTo) void navigate(`${returnTo}${returnTo.includes('?') ? '&' : '?'}doctor=${doctor.id}`);
    else void navigate(doctorPath(doctor.id));
  };

  return (
    <>
      <PageHeader
        title={t('nav:titles.chooseDoctor')}
        extra={
          canEdit && organizationId ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setTarget({ mode: 'create', organizationId })}>
              {t('actions.add')}
            </Button>
          ) : null
        }
      />
      <Card variant="borderless" styles={{ body: { padding: 12 } }}>
        <Form layout="vertical" component={false}>
          <Flex className="toolbar" gap={8} wrap align="flex-start">
            <Form.Item label={t('fields.organizationId.label')} htmlFor="choose-doctor-organization" style={{ margin: 0, minWidth: 280, flex: '1 1 320px' }}>
              <OrganizationPicker
                id="choose-doctor-organization"
                value={organizationId}
                onChange={(id) => update({ organization: id ?? undefined, q: undefined })}
              />
            </Form.Item>
            {organizationId ? (
              <Form.Item label={t('fields.search.label')} style={{ margin: 0 }}>
                <SearchInput value={filters.q} onSearch={(q) => update({ q })} label={t('fields.search.label')} />
              </Form.Item>
            ) : null}
          </Flex>
        </Form>
        {organizationId ? (
          <DoctorsTable
            query={query}
            page={page}
            size={size}
            onPage={(p, s) => update({ page: p, size: s })}
            onEdit={(doctor) => setTarget({ mode: 'edit', doctor })}
            action={(doctor) => (
              <Button
                size="small"
                type="primary"
                ghost
                icon={<CheckOutlined />}
                onClick={() => choose(doctor)}
                aria-label={t('actions.chooseOf', { name: doctor.fullName })}
              >
                {t('actions.choose')}
              </Button>
            )}
          />
        ) : (
          <Flex justify="center" style={{ padding: 24 }} className="cell-muted">
            {t('messages.pickOrganization')}
          </Flex>
        )}
      </Card>
      <DoctorFormModal target={target} onClose={() => setTarget(null)} />
    </>
  );
}
