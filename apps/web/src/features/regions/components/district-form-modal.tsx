import { App, Form, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { localized, saveDistrictBody, type District, type Region, type SaveDistrictBody } from '@pharma/contracts';
import { useZodForm } from '../../../components/zod-form';
import { useLanguage } from '../../../lib/i18n';
import { useCreateDistrict } from '../api/create-district';
import { useUpdateDistrict } from '../api/update-district';
import { LocalizedNameFields } from './localized-name-fields';

export type DistrictTarget = { mode: 'create'; regionId: number } | { mode: 'edit'; district: District };

/** Add or edit a district: its region and its name in four languages. */
export function DistrictFormModal({ target, regions, onClose }: { target: DistrictTarget; regions: Region[]; onClose: () => void }) {
  const { t } = useTranslation('regions');
  const lng = useLanguage();
  const { message } = App.useApp();
  const zf = useZodForm(saveDistrictBody);
  const create = useCreateDistrict();
  const update = useUpdateDistrict();
  const pending = create.isPending || update.isPending;

  const initialValues =
    target.mode === 'edit'
      ? { regionId: target.district.regionId, name: target.district.name }
      : { regionId: target.regionId, name: { ru: '', en: '', 'uz-Latn': '', 'uz-Cyrl': '' } };

  const submit = (body: SaveDistrictBody) => {
    const onSuccess = () => {
      void message.success(t('common:messages.saved'));
      onClose();
    };
    if (target.mode === 'edit') update.mutate({ id: target.district.id, body }, { onSuccess, onError: zf.fail });
    else create.mutate(body, { onSuccess, onError: zf.fail });
  };

  return (
    <Modal
      open
      title={target.mode === 'edit' ? t('titles.editDistrict') : t('titles.addDistrict')}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      onOk={() => zf.form.submit()}
      onCancel={onClose}
      confirmLoading={pending}
      destroyOnHidden
      width={620}
    >
      <Form form={zf.form} layout="vertical" initialValues={initialValues} {...zf.submitHandlers(submit)}>
        <Form.Item name="regionId" label={t('fields.region.label')} required rules={zf.rule('regionId')}>
          <Select showSearch={{ optionFilterProp: 'label' }} options={regions.map((r) => ({ value: r.id, label: localized(r.name, lng) }))} />
        </Form.Item>
        <LocalizedNameFields form={zf.form} ruleFor={(l) => zf.schemaRule(saveDistrictBody.shape.name.shape[l])} />
      </Form>
    </Modal>
  );
}
