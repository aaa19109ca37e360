import { useState } from 'react';
import { Button, Flex } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Organization } from '@pharma/contracts';
import { SearchInput } from '../../../components/search-input';
import { useCan } from '../../../lib/permissions';
import { useDoctors } from '../api/get-doctors';
import { DoctorFormModal, type DoctorTarget } from './doctor-form-modal';
import { DoctorsTable } from './doctors-table';

/** The doctors of one organization: search, add, edit, delete, favorite. */
export function OrganizationDoctors({ organization }: { organization: Pick<Organization, 'id' | 'name'> }) {
  const { t } = useTranslation('doctors');
  const canEdit = useCan('organizations.edit');
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(25);
  const [q, setQ] = useState<string | undefined>();
  const [target, setTarget] = useState<DoctorTarget | null>(null);
  const query = useDoctors({ organizationId: organization.id, page, size, q, sort: 'fullName' });

  return (
    <>
      <Flex className="toolbar" gap={8} wrap align="flex-start" justify="space-between">
        <SearchInput
          value={q}
          onSearch={(next) => {
            setQ(next);
            setPage(1);
          }}
          label={t('fields.search.label')}
        />
        {canEdit ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setTarget({ mode: 'create', organizationId: organization.id })}>
            {t('actions.add')}
          </Button>
        ) : null}
      </Flex>
      <DoctorsTable
        query={query}
        page={page}
        size={size}
        onPage={(p, s) => {
          setPage(p);
          setSize(s);
        }}
        onEdit={(doctor) => setTarget({ mode: 'edit', doctor })}
      />
      <DoctorFormModal target={target} onClose={() => setTarget(null)} />
    </>
  );
}
