import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { saveProducerBody, type Producer, type SaveProducerBody } from '@pharma/contracts';
import { useZodForm } from '../../../components/zod-form';
import { useCreateProducer } from '../api/create-producer';
import { useUpdateProducer } from '../api/update-producer';
import { CountrySelect } from './country-select';
import { EnterSubmits } from '../../../components/enter-submits';

/** Add or edit a producer: name and country. */
export function ProducerFormModal({ producer, onClose }: { producer: Producer | null; onClose: () => void }) {
  const { t } = useTranslation('catalog');
  const { message } = App.useApp();
  const zf = useZodForm(saveProducerBody);
  const create = useCreateProducer();
  const update = useUpdateProducer();

  const submit = (body: SaveProducerBody) => {
    const onSuccess = () => {
      void message.success(t('common:messages.saved'));
      onClose();
    };
    if (producer) update.mutate({ id: producer.id, body }, { onSuccess, onError: zf.fail });
    else create.mutate(body, { onSuccess, onError: zf.fail });
  };

  return (
    <Modal
      open
      title={producer ? t('titles.editProducer') : t('titles.createProducer')}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      onOk={() => zf.form.submit()}
      onCancel={onClose}
      confirmLoading={create.isPending || update.isPending}
      destroyOnHidden
    >
      <Form form={zf.form} layout="vertical" initialValues={producer ? { name: producer.name, country: producer.country } : {}} {...zf.submitHandlers(submit)}>
        <Form.Item name="name" label={t('fields.producerName.label')} required rules={zf.rule('name')}>
          <Input maxLength={160} autoFocus />
        </Form.Item>
        <Form.Item name="country" label={t('fields.country.label')} required rules={zf.rule('country')}>
          <CountrySelect />
        </Form.Item>
        <EnterSubmits />
      </Form>
    </Modal>
  );
}
