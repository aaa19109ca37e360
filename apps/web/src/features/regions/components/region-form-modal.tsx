import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { saveRegionBody, type Region, type SaveRegionBody } from '@pharma/contracts';
import { useZodForm } from '../../../components/zod-form';
import { useCreateRegion } from '../api/create-region';
import { useUpdateRegion } from '../api/update-region';
import { LocalizedNameFields } from './localized-name-fields';

/** Add a region or rename one: a short code and the name in four languages. */
export function RegionFormModal({ region, onClose }: { region: Region | null; onClose: () => void }) {
  const { t } = useTranslation('regions');
  const { message } = App.useApp();
  const zf = useZodForm(saveRegionBody);
  const create = useCreateRegion();
  const update = useUpdateRegion();

  const submit = (body: SaveRegionBody) => {
    const onSuccess = () => {
      void message.success(t('common:messages.saved'));
      onClose();
    };
    if (region) update.mutate({ id: region.id, body }, { onSuccess, onError: zf.fail });
    else create.mutate(body, { onSuccess, onError: zf.fail });
  };

  return (
    <Modal
      open
      title={region ? t('titles.editRegion') : t('titles.addRegion')}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      onOk={() => zf.form.submit()}
      onCancel={onClose}
      confirmLoading={create.isPending || update.isPending}
      destroyOnHidden
      width={620}
    >
      <Form
        form={zf.form}
        layout="vertical"
        initialValues={region ? { code: region.code, name: region.name } : { code: '', name: { ru: '', en: '', 'uz-Latn': '', 'uz-Cyrl': '' } }}
        {...zf.submitHandlers(submit)}
      >
        <Form.Item name="code" label={t('fields.code.label')} required rules={zf.rule('code')}>
          <Input maxLength={16} style={{ maxWidth: 200 }} />
        </Form.Item>
        <LocalizedNameFields form={zf.form} ruleFor={(l) => zf.schemaRule(saveRegionBody.shape.name.shape[l])} />
      </Form>
    </Modal>
  );
}
