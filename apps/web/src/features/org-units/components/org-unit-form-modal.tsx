import { App, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { localized, saveOrgUnitBody, type OrgUnit, type SaveOrgUnitBody } from '@pharma/contracts';
import { useZodForm } from '../../../components/zod-form';
import { useLanguage } from '../../../lib/i18n';
import { useRegions } from '../../regions';
import { useCreateOrgUnit } from '../api/create-org-unit';
import type { OrgUnitKind } from '../api/kinds';
import { useUpdateOrgUnit } from '../api/update-org-unit';

/** Add or edit a department or branch: name, description, region. */
export function OrgUnitFormModal({ kind, unit, onClose }: { kind: OrgUnitKind; unit: OrgUnit | null; onClose: () => void }) {
  const { t } = useTranslation('orgUnits');
  const lng = useLanguage();
  const { message } = App.useApp();
  const zf = useZodForm(saveOrgUnitBody);
  const create = useCreateOrgUnit(kind);
  const update = useUpdateOrgUnit(kind);
  const regions = useRegions();

  const submit = (body: SaveOrgUnitBody) => {
    const onSuccess = () => {
      void message.success(t('common:messages.saved'));
      onClose();
    };
    if (unit) update.mutate({ id: unit.id, body }, { onSuccess, onError: zf.fail });
    else create.mutate(body, { onSuccess, onError: zf.fail });
  };

  return (
    <Modal
      open
      title={unit ? t(`titles.edit.${kind}`) : t(`titles.create.${kind}`)}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      onOk={() => zf.form.submit()}
      onCancel={onClose}
      confirmLoading={create.isPending || update.isPending}
      destroyOnHidden
    >
      <Form
        form={zf.form}
        layout="vertical"
        initialValues={unit ? { name: unit.name, description: unit.description, regionId: unit.regionId } : {}}
        {...zf.submitHandlers(submit, (values: { regionId?: number | null }) => ({ ...values, regionId: values.regionId ?? null }))}
      >
        <Form.Item name="name" label={t('fields.name.label')} required rules={zf.rule('name')}>
          <Input maxLength={120} />
        </Form.Item>
        <Form.Item name="regionId" label={t('fields.regionId.label')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={regions.isPending}
            options={(regions.data ?? []).map((r) => ({ value: r.id, label: localized(r.name, lng) }))}
          />
        </Form.Item>
        <Form.Item name="description" label={t('fields.description.label')} rules={zf.rule('description')}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
