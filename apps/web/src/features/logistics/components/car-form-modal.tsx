import { Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { maxCarCapacityBoxes, maxCarCapacityKg, saveCarBody, type Car } from '@pharma/contracts';
import { ReferenceFormModal } from '../../../components/reference';
import { useUserOptions } from '../../users';
import { useCreateCar } from '../api/create-car';
import { useUpdateCar } from '../api/update-car';

/** Add or edit a car: plate, model, capacity in kg and boxes, the usual courier, active. */
export function CarFormModal({ car, onClose }: { car: Car | null; onClose: () => void }) {
  const { t } = useTranslation('logistics');
  const couriers = useUserOptions('courier');

  return (
    <ReferenceFormModal
      schema={saveCarBody}
      id={car?.id ?? null}
      create={useCreateCar()}
      update={useUpdateCar()}
      title={car ? t('titles.editCar') : t('titles.createCar')}
      initialValues={
        car
          ? { plate: car.plate, model: car.model, capacityKg: car.capacityKg, capacityBoxes: car.capacityBoxes, courierId: car.courierId, active: car.active }
          : { active: true }
      }
      transform={(values: { courierId?: number | null }) => ({ ...values, courierId: values.courierId ?? null })}
      onClose={onClose}
    >
      {(zf) => (
        <>
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
        </>
      )}
    </ReferenceFormModal>
  );
}
