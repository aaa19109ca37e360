import { Col, Form, Input, InputNumber, Row, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { saveWarehouseBody, type Warehouse } from '@pharma/contracts';
import { ReferenceFormModal } from '../../../components/reference';
import { RegionFieldSelect } from '../../regions';
import { useCreateWarehouse } from '../api/create-warehouse';
import { useUpdateWarehouse } from '../api/update-warehouse';

type Values = { regionId?: number | null; lat?: number | null; lng?: number | null };

/** Add or edit a warehouse: name, region, address, the departure point of deliveries, active. */
export function WarehouseFormModal({ warehouse, onClose }: { warehouse: Warehouse | null; onClose: () => void }) {
  const { t } = useTranslation('stock');

  return (
    <ReferenceFormModal
      schema={saveWarehouseBody}
      id={warehouse?.id ?? null}
      create={useCreateWarehouse()}
      update={useUpdateWarehouse()}
      title={warehouse ? t('titles.editWarehouse') : t('titles.createWarehouse')}
      initialValues={
        warehouse
          ? {
              name: warehouse.name,
              regionId: warehouse.regionId,
              address: warehouse.address,
              lat: warehouse.lat,
              lng: warehouse.lng,
              active: warehouse.active,
            }
          : { active: true }
      }
      transform={(values: Values) => ({ ...values, regionId: values.regionId ?? null, lat: values.lat ?? null, lng: values.lng ?? null })}
      onClose={onClose}
    >
      {(zf) => (
        <>
          <Form.Item name="name" label={t('fields.warehouseName.label')} required rules={zf.rule('name')}>
            <Input maxLength={120} autoFocus />
          </Form.Item>
          <Form.Item name="regionId" label={t('fields.region.label')}>
            <RegionFieldSelect />
          </Form.Item>
          <Form.Item name="address" label={t('fields.address.label')} rules={zf.rule('address')}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={255} />
          </Form.Item>
          <Row gutter={16}>
            <Col xs={24} sm={12}>
              <Form.Item name="lat" label={t('fields.lat.label')} rules={zf.rule('lat')}>
                <InputNumber min={-90} max={90} step={0.0001} precision={6} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="lng" label={t('fields.lng.label')} rules={zf.rule('lng')}>
                <InputNumber min={-180} max={180} step={0.0001} precision={6} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="active" label={t('fields.active.label')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </>
      )}
    </ReferenceFormModal>
  );
}
