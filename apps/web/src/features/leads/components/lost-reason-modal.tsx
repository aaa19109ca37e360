import { useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';

/** The reason a lead is lost, asked before it moves to the lost stage. */
export function LostReasonModal({ open, saving, onCancel, onOk }: { open: boolean; saving: boolean; onCancel: () => void; onOk: (reason: string) => void }) {
  const { t } = useTranslation('leads');
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const empty = !reason.trim();
  return (
    <Modal
      open={open}
      title={t('lost.title')}
      okText={t('lost.ok')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={saving}
      onCancel={onCancel}
      afterClose={() => {
        setReason('');
        setTouched(false);
      }}
      onOk={() => {
        setTouched(true);
        if (!empty) onOk(reason.trim());
      }}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item
          label={t('lost.reason')}
          htmlFor="lead-lost-reason"
          required
          validateStatus={touched && empty ? 'error' : undefined}
          help={touched && empty ? t('validation:required') : undefined}
        >
          <Input.TextArea id="lead-lost-reason" rows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
