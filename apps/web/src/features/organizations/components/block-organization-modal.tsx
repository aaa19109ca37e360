import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { blockOrganizationBody, type BlockOrganizationBody, type Organization } from '@pharma/contracts';
import { useZodForm } from '../../../components/zod-form';
import { useBlockOrganization } from '../api/block-organization';

/** Puts an organization on the blacklist; the reason is required (spec §5). */
export function BlockOrganizationModal({
  organization,
  open,
  onClose,
}: {
  organization: Pick<Organization, 'id' | 'name'>;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('organizations');
  const { message } = App.useApp();
  const zf = useZodForm(blockOrganizationBody);
  const block = useBlockOrganization();

  const submit = (body: BlockOrganizationBody) =>
    block.mutate(
      { id: organization.id, body },
      {
        onSuccess: () => {
          void message.success(t('messages.blocked'));
          zf.form.resetFields();
          onClose();
        },
        onError: zf.fail,
      },
    );

  return (
    <Modal
      open={open}
      title={t('titles.block', { name: organization.name })}
      okText={t('actions.block')}
      okButtonProps={{ danger: true, htmlType: 'submit', form: 'block-organization-form', loading: block.isPending }}
      cancelText={t('common:actions.cancel')}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form id="block-organization-form" form={zf.form} layout="vertical" {...zf.submitHandlers(submit)}>
        <Form.Item name="reason" label={t('fields.reason.label')} required rules={zf.rule('reason')}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 6 }} maxLength={500} showCount autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
