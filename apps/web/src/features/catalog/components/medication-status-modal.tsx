import { App, Form, Input, Modal, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { medicationStatuses, setMedicationStatusBody, type MedicationStatus, type Product, type SetMedicationStatusBody } from '@pharma/contracts';
import { useZodForm } from '../../../components/zod-form';
import { useSetMedicationStatus } from '../api/set-medication-status';
import { EnterSubmits } from '../../../components/enter-submits';

/** Sets a product's medication status; a denial needs a reason. */
export function MedicationStatusModal({ product, status, onClose }: { product: Product; status: MedicationStatus; onClose: () => void }) {
  const { t } = useTranslation('catalog');
  const { message } = App.useApp();
  const zf = useZodForm(setMedicationStatusBody);
  const set = useSetMedicationStatus();
  const chosen = (Form.useWatch('status', zf.form) as MedicationStatus | undefined) ?? status;

  const submit = (body: SetMedicationStatusBody) =>
    set.mutate(
      { id: product.id, body },
      {
        onSuccess: () => {
          void message.success(t('common:messages.saved'));
          onClose();
        },
        onError: zf.fail,
      },
    );

  return (
    <Modal
      open
      title={t('titles.setMedicationStatus', { name: product.name })}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{ danger: chosen === 'denied' }}
      onOk={() => zf.form.submit()}
      onCancel={onClose}
      confirmLoading={set.isPending}
      destroyOnHidden
    >
      <Form
        form={zf.form}
        layout="vertical"
        initialValues={{ status, note: status === product.medicationStatus ? product.medicationStatusNote : undefined }}
        {...zf.submitHandlers(submit)}
      >
        <Form.Item name="status" label={t('fields.medicationStatus.label')} required>
          <Segmented block options={medicationStatuses.map((s) => ({ value: s, label: t(`enums:medicationStatus.${s}`) }))} />
        </Form.Item>
        <Form.Item
          name="note"
          label={chosen === 'denied' ? t('fields.denialReason.label') : t('fields.note.label')}
          required={chosen === 'denied'}
          rules={zf.rule('note')}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={500} autoFocus />
        </Form.Item>
        <EnterSubmits />
      </Form>
    </Modal>
  );
}
