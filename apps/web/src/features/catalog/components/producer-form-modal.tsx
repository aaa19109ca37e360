import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { saveProducerBody, type Producer } from '@pharma/contracts';
import { ReferenceFormModal } from '../../../components/reference';
import { useCreateProducer } from '../api/create-producer';
import { useUpdateProducer } from '../api/update-producer';
import { CountrySelect } from './country-select';

/** Add or edit a producer: name and country. */
export function ProducerFormModal({ producer, onClose }: { producer: Producer | null; onClose: () => void }) {
  const { t } = useTranslation('catalog');
  return (
    <ReferenceFormModal
      schema={saveProducerBody}
      id={producer?.id ?? null}
      create={useCreateProducer()}
      update={useUpdateProducer()}
      title={producer ? t('titles.editProducer') : t('titles.createProducer')}
      initialValues={producer ? { name: producer.name, country: producer.country } : {}}
      onClose={onClose}
    >
      {(zf) => (
        <>
          <Form.Item name="name" label={t('fields.producerName.label')} required rules={zf.rule('name')}>
            <Input maxLength={160} autoFocus />
          </Form.Item>
          <Form.Item name="country" label={t('fields.country.label')} required rules={zf.rule('country')}>
            <CountrySelect />
          </Form.Item>
        </>
      )}
    </ReferenceFormModal>
  );
}
