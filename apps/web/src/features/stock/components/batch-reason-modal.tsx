import { Alert, App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { batchReasonBody, type Batch, type BatchReasonBody } from '@pharma/contracts';
import { useZodForm } from '../../../components/zod-form';
import { useQuarantineBatch } from '../api/quarantine-batch';
import { useRecallBatch } from '../api/recall-batch';
import { EnterSubmits } from '../../../components/enter-submits';

/** Quarantine or recall a batch: the question, the required reason, and for a recall the warning that it is final. */
export function BatchReasonModal({ batch, action, onClose }: { batch: Batch; action: 'quarantine' | 'recall'; onClose: () => void }) {
  const { t } = useTranslation('stock');
  const { message } = App.useApp();
  const zf = useZodForm(batchReasonBody);
  const quarantine = useQuarantineBatch();
  const recall = useRecallBatch();
  const mutation = action === 'quarantine' ? quarantine : recall;

  const submit = (body: BatchReasonBody) =>
    mutation.mutate(
      { id: batch.id, body },
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
      title={action === 'quarantine' ? t('messages.confirmQuarantine') : t('messages.confirmRecall')}
      okText={action === 'quarantine' ? t('actions.quarantine') : t('actions.recall')}
      okButtonProps={{ danger: true }}
      cancelText={t('common:actions.cancel')}
      onOk={() => zf.form.submit()}
      onCancel={onClose}
      confirmLoading={mutation.isPending}
      destroyOnHidden
    >
      <p>
        <strong>{batch.productName}</strong> · {t('stock:columns.series')} {batch.series} · {batch.warehouseName}
      </p>
      {action === 'recall' ? <Alert type="warning" showIcon title={t('messages.recallFinal')} style={{ marginBottom: 16 }} /> : null}
      <Form form={zf.form} layout="vertical" {...zf.submitHandlers(submit)}>
        <Form.Item name="reason" label={t('stock:columns.reason')} required rules={zf.rule('reason')}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={500} autoFocus />
        </Form.Item>
        <EnterSubmits />
      </Form>
    </Modal>
  );
}
