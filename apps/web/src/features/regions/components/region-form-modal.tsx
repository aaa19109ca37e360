import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { saveRegionBody, type Region } from '@pharma/contracts';
import { ReferenceFormModal } from '../../../components/reference';
import { useCreateRegion } from '../api/create-region';
import { useUpdateRegion } from '../api/update-region';
import { LocalizedNameFields } from './localized-name-fields';

/** Add a region or rename one: a short code and the name in four languages. */
export function RegionFormModal({ region, onClose }: { region: Region | null; onClose: () => void }) {
  const { t } = useTranslation('regions');
  return (
    <ReferenceFormModal
      schema={saveRegionBody}
      id={region?.id ?? null}
      create={useCreateRegion()}
      update={useUpdateRegion()}
      title={region ? t('titles.editRegion') : t('titles.addRegion')}
      initialValues={region ? { code: region.code, name: region.name } : { code: '', name: { ru: '', en: '', 'uz-Latn': '', 'uz-Cyrl': '' } }}
      onClose={onClose}
      width={620}
    >
      {(zf) => (
        <>
          <Form.Item name="code" label={t('fields.code.label')} required rules={zf.rule('code')}>
            <Input maxLength={16} style={{ maxWidth: 200 }} />
          </Form.Item>
          <LocalizedNameFields form={zf.form} ruleFor={(l) => zf.schemaRule(saveRegionBody.shape.name.shape[l])} />
        </>
      )}
    </ReferenceFormModal>
  );
}
