import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { saveOrgUnitBody, type OrgUnit } from '@pharma/contracts';
import { ReferenceFormModal } from '../../../components/reference';
import { RegionFieldSelect } from '../../regions';
import { useCreateOrgUnit } from '../api/create-org-unit';
import type { OrgUnitKind } from '../api/kinds';
import { useUpdateOrgUnit } from '../api/update-org-unit';

/** Add or edit a department or branch: name, description, region. */
export function OrgUnitFormModal({ kind, unit, onClose }: { kind: OrgUnitKind; unit: OrgUnit | null; onClose: () => void }) {
  const { t } = useTranslation('orgUnits');

  return (
    <ReferenceFormModal
      schema={saveOrgUnitBody}
      id={unit?.id ?? null}
      create={useCreateOrgUnit(kind)}
      update={useUpdateOrgUnit(kind)}
      title={unit ? t(`titles.edit.${kind}`) : t(`titles.create.${kind}`)}
      initialValues={unit ? { name: unit.name, description: unit.description, regionId: unit.regionId } : {}}
      transform={(values: { regionId?: number | null }) => ({ ...values, regionId: values.regionId ?? null })}
      onClose={onClose}
    >
      {(zf) => (
        <>
          <Form.Item name="name" label={t('fields.name.label')} required rules={zf.rule('name')}>
            <Input maxLength={120} />
          </Form.Item>
          <Form.Item name="regionId" label={t('fields.regionId.label')}>
            <RegionFieldSelect />
          </Form.Item>
          <Form.Item name="description" label={t('fields.description.label')} rules={zf.rule('description')}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={500} />
          </Form.Item>
        </>
      )}
    </ReferenceFormModal>
  );
}
