import { useState } from 'react';
import { App, Button, Flex, Skeleton, Tag, Typography } from 'antd';
import { CheckOutlined, PlusOutlined, UnorderedListOutlined, UserAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Visit } from '@pharma/contracts';
import { EmptyState } from '../../../../components/empty-state';
import { LinkButton } from '../../../../components/link-button';
import { QueryError } from '../../../../components/query-error';
import { SearchInput } from '../../../../components/search-input';
import { errorMessage } from '../../../../lib/api-client';
import { hrefOf } from '../../../../lib/paths';
import { useCan } from '../../../../lib/permissions';
import { useDoctors, DoctorFormModal } from '../../../doctors';
import { useAddVisitDoctor } from '../../api/visit-results';

/**
 * Doctors met: the visit's doctors, then the organization's doctors to add one with a tap
 * ('Doctor successfully added'; a doctor twice is refused by the server). /choose-doctor is offered too.
 */
export function DoctorsSection({ visit, returnTo }: { visit: Visit; returnTo: string }) {
  const { t } = useTranslation(['visit', 'doctors']);
  const { message } = App.useApp();
  const [q, setQ] = useState<string | undefined>();
  const doctors = useDoctors({ organizationId: visit.organizationId, page: 1, size: 100, sort: 'fullName', q });
  const add = useAddVisitDoctor();
  const [adding, setAdding] = useState<number | null>(null);
  const canCreate = useCan('organizations.edit');
  const [creating, setCreating] = useState(false);
  const met = new Set(visit.doctors.map((d) => d.doctorId));

  /** `announce` off when the doctor form has just said 'Doctor successfully added'. */
  const addDoctor = (doctor: { id: number; fullName: string }, announce = true) => {
    setAdding(doctor.id);
    add.mutate(
      { visit, doctorId: doctor.id, fullName: doctor.fullName },
      {
        onSuccess: () => {
          if (announce) void message.success(t('doctors:messages.added'));
        },
        onError: (error) => void message.error(errorMessage(error)),
        onSettled: () => setAdding(null),
      },
    );
  };

  const chooseLink = hrefOf('chooseDoctor', {}, { organization: visit.organizationId, returnTo });
  const others = (doctors.data?.items ?? []).filter((d) => !met.has(d.id));

  return (
    <Flex vertical gap={16}>
      <section aria-labelledby="doctors-met">
        <Typography.Title level={2} id="doctors-met" style={{ fontSize: 16, marginTop: 0 }}>
          {t('labels.doctorsMet', { value: visit.doctors.length })}
        </Typography.Title>
        {visit.doctors.length === 0 ? (
          <Typography.Text type="secondary">{t('messages.noDoctorsMet')}</Typography.Text>
        ) : (
          <ul className="visit-list" data-testid="doctors-met">
            {visit.doctors.map((d) => (
              <li key={d.doctorId} className="visit-item visit-item--done">
                <span className="visit-item__main">
                  <span className="visit-item__name">{d.fullName}</span>
                </span>
                <Tag color="success" icon={<CheckOutlined />}>
                  {t('labels.added')}
                </Tag>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="organization-doctors">
        <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 8 }}>
          <Typography.Title level={2} id="organization-doctors" style={{ fontSize: 16, margin: 0 }}>
            {t('labels.organizationDoctors')}
          </Typography.Title>
          <Flex gap={8} wrap>
            <LinkButton to={chooseLink} icon={<UnorderedListOutlined />}>
              {t('actions.chooseFromList')}
            </LinkButton>
            {canCreate ? (
              <Button icon={<UserAddOutlined />} onClick={() => setCreating(true)}>
                {t('actions.newDoctor')}
              </Button>
            ) : null}
          </Flex>
        </Flex>
        {(doctors.data?.total ?? 0) > 10 || q ? (
          <div className="phone-search" style={{ marginBottom: 8 }}>
            <SearchInput value={q} onSearch={setQ} label={t('doctors:fields.search.label')} />
          </div>
        ) : null}
        {doctors.isPending ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : doctors.isError ? (
          <QueryError error={doctors.error} onRetry={() => void doctors.refetch()} retrying={doctors.isFetching} title={t('doctors:messages.loadError')} />
        ) : (doctors.data?.items.length ?? 0) === 0 ? (
          <EmptyState description={t('doctors:messages.noDoctors')} />
        ) : others.length === 0 ? (
          <Typography.Text type="secondary">{t('messages.allDoctorsAdded')}</Typography.Text>
        ) : (
          <ul className="visit-list" data-testid="organization-doctors">
            {others.map((d) => (
              <li key={d.id} className="visit-item">
                <span className="visit-item__main">
                  <span className="visit-item__name">{d.fullName}</span>
                  <span className="visit-item__meta">
                    {t(`enums:doctorSpecialization.${d.specialization}`)}
                    {d.position ? ` · ${d.position}` : ''}
                  </span>
                </span>
                <Button
                  size="large"
                  type="primary"
                  ghost
                  icon={<PlusOutlined />}
                  loading={adding === d.id}
                  disabled={adding !== null && adding !== d.id}
                  onClick={() => addDoctor(d)}
                  aria-label={t('actions.addDoctorOf', { name: d.fullName })}
                >
                  {t('actions.addDoctor')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
      {/* a doctor met who is not on the list yet: created for the organization and added to the visit */}
      <DoctorFormModal
        target={creating ? { mode: 'create', organizationId: visit.organizationId } : null}
        onClose={() => setCreating(false)}
        onSaved={(doctor) => addDoctor(doctor, false)}
      />
    </Flex>
  );
}
