import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { localized, saveDistrictBody, type District, type Region } from '@pharma/contracts';
import { ReferenceFormModal } from '../../../components/reference';
import { useLanguage } from '../../../lib/i18n';
import { useCreateDistrict } from '../api/create-district';
import { useUpdateDistrict } from '../api/update-district';
import { LocalizedNameFields } from './localized-name-fields';

export type DistrictTarget = { mode: 'create'; regionId: number } | { mode: 'edit'; district: District };

/** Add or edit a district: its region and its name in four languages. */
export function DistrictFormModal({ target, regions, onClose }: { target: DistrictTarget; regions: Region[]; onClose: () => void }) {
  const { t } = useTranslation('regions');
  const lng = useLanguage();
  return (
    <ReferenceFormModal
      schema={saveDistrictBody}
      id={target.mode === 'edit' ? target.district.id : null}
      create={useCreateDistrict()}
      update={useUpdateDistrict()}
      title={target.mode === 'edit' ? t('titles.editDistrict') : t('titles.addDistrict')}
      initialValues={
        target.mode === 'edit'
          ? { regionId: target.district.regionId, name: target.district.name }
          : { regionId: target.regionId, name: { ru: '', en: '', 'uz-Latn': '', 'uz-Cyrl': '' } }
      }
      onClose={onClose}
      width={620}
    >
      {(zf) => (
        <>
          <Form.Item name="regionId" label={t('fields.region.label')} required rules={zf.rule('regionId')}>
            <Select showSearch={{ optionFilterProp: 'label' }} options={regions.map((r) => ({ value: r.id, label: localized(r.name, lng) }))} />
          </Form.Item>
          <LocalizedNameFields form={zf.form} ruleFor={(l) => zf.schemaRule(saveDistrictBody.shape.name.shape[l])} />
        </>
      )}
    </ReferenceFormModal>
  );
}
