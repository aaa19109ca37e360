import { App, Descriptions, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { createWriteOffBody, maxLineQuantity, writeOffReasons, type Batch, type CreateWriteOffBody, type WriteOffReason } from '@pharma/contracts';
import { useZodForm } from '../../../components/zod-form';
import { formatNumber } from '../../../lib/format';
import { useCreateWriteOff } from '../api/create-write-off';
import { ExpiryCell, StockStateTag } from './stock-state-tag';
import { EnterSubmits } from '../../../components/enter-submits';

/** The reason a batch's state suggests for writing it off. */
const suggestedReason = (batch: Batch): WriteOffReason | undefined =>
  batch.state === 'expired' ? 'expired' : batch.state === 'recalled' ? 'recalled' : undefined;

/** Writes off free units of one batch: quantity (up to the free balance), a required reason, a comment. */
export function WriteOffModal({ batch, onClose }: { batch: Batch; onClose: () => void }) {
  const { t } = useTranslation('stock');
  const { message } = App.useApp();
  const zf = useZodForm(createWriteOffBody);
  const create = useCreateWriteOff();
  const reason = Form.useWatch('reason', zf.form) as WriteOffReason | undefined;
  const unit = t(`enums:unitOfMeasure.${batch.unit}`);

  const submit = (body: CreateWriteOffBody) =>
    create.mutate(body, {
      onSuccess: (w) => {
        void message.success(t('messages.writtenOff', { quantity: formatNumber(w.quantity), product: w.productName }));
        onClose();
      },
      onError: zf.fail,
    });

  return (
    <Modal
      open
      title={t('titles.writeOff')}
      okText={t('actions.writeOff')}
      okButtonProps={{ danger: true, disabled: batch.free <= 0 }}
      cancelText={t('common:actions.cancel')}
      onOk={() => zf.form.submit()}
      onCancel={onClose}
      confirmLoading={create.isPending}
      destroyOnHidden
    >
      <Descriptions
        size="small"
        column={1}
        bordered
        className="batch-summary"
        items={[
          { key: 'product', label: t('stock:columns.productName'), children: <strong>{batch.productName}</strong> },
          { key: 'series', label: t('stock:columns.series'), children: batch.series },
          {
            key: 'expiry',
            label: t('stock:columns.expiryDate'),
            children: (
              <span>
                <ExpiryCell expiryDate={batch.expiryDate} daysToExpiry={batch.daysToExpiry} state={batch.state} /> <StockStateTag state={batch.state} />
              </span>
            ),
          },
          { key: 'warehouse', label: t('stock:columns.warehouseName'), children: batch.warehouseName },
          { key: 'free', label: t('stock:columns.free'), children: `${formatNumber(batch.free)} ${unit}` },
        ]}
      />
      <Form
        form={zf.form}
        layout="vertical"
        initialValues={{ batchId: batch.id, reason: suggestedReason(batch) }}
        {...zf.submitHandlers(submit)}
        style={{ marginTop: 16 }}
      >
        <Form.Item name="batchId" hidden>
          <InputNumber />
        </Form.Item>
        <Form.Item
          name="quantity"
          label={t('fields.writeOffQuantity.label')}
          required
          rules={zf.rule('quantity')}
          extra={t('messages.freeHint', { free: formatNumber(batch.free), unit })}
        >
          <InputNumber<number>
            min={1}
            max={Math.min(Math.max(batch.free, 1), maxLineQuantity)}
            precision={0}
            style={{ width: '100%' }}
            autoFocus
            inputMode="numeric"
          />
        </Form.Item>
        <Form.Item name="reason" label={t('stock:columns.reason')} required rules={zf.rule('reason')}>
          <Select<WriteOffReason> options={writeOffReasons.map((r) => ({ value: r, label: t(`enums:writeOffReason.${r}`) }))} />
        </Form.Item>
        <Form.Item name="comment" label={t('stock:columns.comment')} required={reason === 'other'} rules={zf.rule('comment')}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={500} />
        </Form.Item>
        <EnterSubmits />
      </Form>
    </Modal>
  );
}
