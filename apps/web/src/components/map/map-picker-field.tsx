import { useEffect, useRef } from 'react';
import { Button, Col, Form, InputNumber, Row, Typography } from 'antd';
import { AimOutlined } from '@ant-design/icons';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import type { LatLng } from '@pharma/contracts';
import { useCurrentPosition } from '../../lib/geolocation';
import { MapView } from './map-view';
import type { MapPoint } from './types';

interface Props {
  latName: string;
  lngName: string;
  latRules?: Rule[];
  lngRules?: Rule[];
  /** the name of the point on the map (e.g. the organization) */
  title: string;
  /** other points to show around (e.g. the organization while its delivery point is picked) */
  points?: MapPoint[];
  /** an address found by search: the map goes there */
  center?: LatLng | null;
  height?: number;
  onPicked?: (point: LatLng) => void;
  disabled?: boolean;
}

/**
 * A map point as two form fields: click the map, drag the marker, use the device's position, or type
 * the coordinates (the fields stay usable when the map cannot load). Errors stand on the fields.
 */
export function MapPickerField({ latName, lngName, latRules, lngRules, title, points, center, height = 320, onPicked, disabled }: Props) {
  const { t } = useTranslation('maps');
  const form = Form.useFormInstance();
  const lat = Form.useWatch(latName, form) as unknown;
  const lng = Form.useWatch(lngName, form) as unknown;
  const value = typeof lat === 'number' && typeof lng === 'number' ? { lat, lng } : null;
  const here = useCurrentPosition();
  const wanted = useRef(false);

  const set = (point: LatLng) => {
    form.setFieldsValue({ [latName]: point.lat, [lngName]: point.lng });
    void form.validateFields([latName, lngName]).catch(() => undefined);
    onPicked?.(point);
  };

  // "my position" asked and found: it becomes the point
  useEffect(() => {
    if (!wanted.current || here.status !== 'located') return;
    wanted.current = false;
    set({ lat: Math.round(here.position.lat * 1e6) / 1e6, lng: Math.round(here.position.lng * 1e6) / 1e6 });
  }, [here.status, here.position]);

  return (
    <div className="map-picker">
      <MapView
        label={t('labels.pickPoint', { name: title })}
        pick={disabled ? undefined : { value, onChange: set, title }}
        points={points}
        center={center}
        height={height}
      />
      <Typography.Text type="secondary" className="map-picker__hint">
        {t('messages.pickHint')}
      </Typography.Text>
      <Row gutter={12} align="bottom">
        <Col xs={12} sm={8}>
          <Form.Item name={latName} label={t('fields.lat.label')} rules={latRules}>
            <InputNumber<number> style={{ width: '100%' }} step={0.0001} precision={6} inputMode="decimal" placeholder="41.311081" />
          </Form.Item>
        </Col>
        <Col xs={12} sm={8}>
          <Form.Item name={lngName} label={t('fields.lng.label')} rules={lngRules}>
            <InputNumber<number> style={{ width: '100%' }} step={0.0001} precision={6} inputMode="decimal" placeholder="69.240562" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item
            label={<span className="sr-only">{t('actions.myPosition')}</span>}
            validateStatus={here.status === 'failed' ? 'warning' : undefined}
            help={here.status === 'failed' ? t(`geolocation.${here.error}`) : undefined}
          >
            <Button
              block
              icon={<AimOutlined />}
              loading={here.status === 'locating'}
              disabled={disabled}
              onClick={() => {
                wanted.current = true;
                here.locate();
              }}
            >
              {t('actions.myPosition')}
            </Button>
          </Form.Item>
        </Col>
      </Row>
    </div>
  );
}
