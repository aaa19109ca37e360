import { App, Col, Form, Input, InputNumber, Modal, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { maxCarCapacityBoxes, maxCarCapacityKg, saveCarBody, type Car, type SaveCarBody } from '@pharma/contracts';
import { useZodForm } from '../../../components/zod-form';
import { EnterSubmits } from '../../../components/enter-submits';
import { useUserOptions } from '../../users';
import { useCreateCar } from '../api/create-car';
import { useUpdateCar } from '../api/update-car';

/** Add or edit a car: plate, model, capacity in kg and boxes, the usual courier, active. */
export function CarFormModal({ car, onClose }: { car: Car | null; onClose: () => void }) {
  const { t } = useTranslation('logistics');
  const { message } = App.useApp();
  const zf = useZodForm(saveCarBody);
  const create = useCreateCar();
  const update = useUpdateCar();
  const couriers = useUserOptions('courier');

  const submit = (body: SaveCarBody) => {
    const onSuccess = () => {
      void message.success(t('common:messages.saved'));
      onClose();
    };
    if (car) update.mutate({ id: car.id, body }, { onSuccess, onError: zf.fail });
    else create.mutate(body, { onSuccess, onError: zf.fail });
  };

  return (
    <Modal
      open
      title={car ? t('titles.editCar') : t('titles.createCar')}
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
        initialValues={
          car
            ? { plate: car.plate, model: car.model, capacityKg: car.capacityKg, capacityBoxes: car.capacityBoxes, courierId: car.courierId, active: car.active }
            : { active: true }
        }
        {...zf.submitHandlers(submit, (values: { courierId?: number | null }) => ({ ...values, courierId: values.courierId ?? null }))}
      >
        <Form.Item name="plate" label={t('fields.plate.label')} extra={t('fields.plate.help')} required rules={zf.rule('plate')}>
          <Input maxLength={16} autoFocus autoCapitalize="characters" placeholder="01 A 123 BC" style={{ textTransform: 'uppercase' }} />
        </Form.Item>
        <Form.Item name="model" label={t('fields.model.label')} required rules={zf.rule('model')}>
          <Input maxLength={80} placeholder="Damas" />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="capacityKg" label={t('fields.capacityKg.label')} required rules={zf.rule('capacityKg')}>
              <InputNumber min={1} max={maxCarCapacityKg} precision={0} suffix={t('units.kg')} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="capacityBoxes" label={t('fields.capacityBoxes.label')} required rules={zf.rule('capacityBoxes')}>
              <InputNumber min={1} max={maxCarCapacityBoxes} precision={0} suffix={t('units.boxes')} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="courierId" label={t('fields.courier.label')} rules={zf.rule('courierId')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={couriers.isPending}
            placeholder={t('fields.courier.placeholder')}
            options={(couriers.data ?? []).map((u) => ({ value: u.id, label: u.fullName }))}
          />
        </Form.Item>
        <Form.Item name="active" label={t('fields.active.label')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <EnterSubmits />
      </Form>
    </Modal>
  );
}
