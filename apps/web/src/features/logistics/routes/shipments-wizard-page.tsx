import { useMemo, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Descriptions,
  Flex,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Steps,
  Typography,
  type TableProps,
} from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import {
  businessDate,
  createDeliveryBody,
  dateFormat,
  deliveryCost,
  deliveryTypes,
  distanceMeters,
  maxDeliveryOrders,
  planRoute,
  type LatLng,
  type ShippableOrder,
} from '@pharma/contracts';
import { DataTable } from '../../../components/data-table';
import { MapView } from '../../../components/map/map-view';
import { Money, MoneyInput, useMoneyTitle } from '../../../components/money';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { useInvalidFormNotice, useZodForm } from '../../../components/zod-form';
import { ApiError } from '../../../lib/api-client';
import { formatDate, formatNumber } from '../../../lib/format';
import { hrefOf } from '../../../lib/paths';
import { useUserOptions } from '../../users';
import { useWarehouses } from '../../warehouses';
import { useCars } from '../api/get-cars';
import { useCreateDelivery, useShippableOrders } from '../api/deliveries-api';
import { useDeliveryRights } from '../delivery-rights';
import { formatKg, formatKm, routeColors } from '../components/delivery-parts';
import { selectAllTitle } from '../../../components/table-a11y';
import { parseIds, stepFields, stepOfField, type WizardValues } from './shipments-wizard-steps';

/**
 * /shipments-wizard: orders approved for shipment (several may travel together; `?orderIds=`
 * preselects), step 1 the delivery address and type, step 2 the courier or car, boxes and prices,
 * then the planned route from the warehouse on the map with its distance, weight and cost. Create
 * opens the new delivery on /logistics.
 */
export function ShipmentsWizardPage() {
  const { canPlan } = useDeliveryRights();
  if (!canPlan) return <NoAccess />;
  return <Wizard />;
}

function Wizard() {
  const { t } = useTranslation('logistics');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const moneyTitle = useMoneyTitle();
  const [params] = useSearchParams();
  const [current, setCurrent] = useState(0);
  const [selected, setSelected] = useState<number[]>(() => parseIds(params.get('orderIds')));
  const [ordersError, setOrdersError] = useState<string | null>(null);
  const zf = useZodForm(createDeliveryBody);
  const invalid = useInvalidFormNotice();
  const form = zf.form;
  const orders = useShippableOrders();
  const warehouses = useWarehouses();
  const cars = useCars();
  const couriers = useUserOptions('courier');
  const create = useCreateDelivery();

  const type = Form.useWatch('type', form) ?? 'ownCourier';
  const warehouseId = Form.useWatch('warehouseId', form);
  const carId = Form.useWatch('carId', form);
  const boxCount = Form.useWatch('boxCount', form) ?? 0;
  const pricePerBox = Form.useWatch('pricePerBox', form) ?? 0;
  const pricePerKm = Form.useWatch('pricePerKm', form) ?? 0;

  const chosen = useMemo(() => {
    const byId = new Map((orders.data ?? []).map((o) => [o.id, o]));
    return selected.map((id) => byId.get(id)).filter((o): o is ShippableOrder => !!o);
  }, [orders.data, selected]);
  const activeWarehouses = (warehouses.data ?? []).filter((w) => w.active);
  const warehouse = activeWarehouses.find((w) => w.id === warehouseId);
  const car = (cars.data ?? []).find((c) => c.id === carId);
  const weightG = chosen.reduce((s, o) => s + o.weightG, 0);

  /** The warehouse nearest the first located order (else the first active one), until the user picks one. */
  const suggestWarehouse = () => {
    if (form.isFieldTouched('warehouseId') || !activeWarehouses.length) return;
    const point = chosen.find((o) => o.lat !== null && o.lng !== null);
    const located = activeWarehouses.filter((w) => w.lat !== null && w.lng !== null);
    const nearest = point
      ? located.reduce<(typeof located)[number] | undefined>(
          (best, w) => (!best || distanceMeters(point as LatLng, w as LatLng) < distanceMeters(point as LatLng, best as LatLng) ? w : best),
          undefined,
        )
      : undefined;
    form.setFieldValue('warehouseId', (nearest ?? activeWarehouses[0])!.id);
  };

  /** The planned route as the server will make it: from the warehouse's point through the located stops. */
  const route = useMemo(() => {
    const located = chosen.filter((o) => o.lat !== null && o.lng !== null) as (ShippableOrder & { lat: number; lng: number })[];
    const start = warehouse?.lat != null && warehouse.lng != null ? { lat: warehouse.lat, lng: warehouse.lng } : located[0];
    if (!start || !located.length) return { stops: located, lengthM: 0, start: null };
    const planned = planRoute(start, located);
    return {
      stops: planned.order.map((i) => located[i]!),
      lengthM: Math.round(planned.lengthM),
      start: warehouse?.lat != null && warehouse.lng != null ? start : null,
    };
  }, [chosen, warehouse]);
  const cost = deliveryCost({ boxCount, pricePerBox: pricePerBox ?? 0, distanceM: route.lengthM, pricePerKm: pricePerKm ?? 0 });

  const goTo = async (next: number) => {
    if (next > current) {
      if (current === 0 && !chosen.length) {
        setOrdersError(t('wizard.pickOrders'));
        return;
      }
      if (current === 0 && !form.getFieldValue('address') && chosen[0]) form.setFieldValue('address', chosen[0].address);
      if (current === 0) suggestWarehouse();
      try {
        await form.validateFields(stepFields[current]);
      } catch (failure) {
        invalid.afterRejected(failure);
        return;
      }
    }
    setOrdersError(null);
    setCurrent(next);
  };

  const submit = () => {
    const values = form.getFieldsValue(true) as WizardValues;
    const body = zf.parse({
      ...values,
      orderIds: chosen.map((o) => o.id),
      date: values.date?.format(dateFormat),
      courierId: values.type === 'pickup' ? null : (values.courierId ?? null),
      carId: values.type === 'car' ? (values.carId ?? null) : null,
      pricePerKm: values.pricePerKm ?? 0,
    });
    if (!body) return;
    create.mutate(body, {
      onSuccess: (delivery) => {
        if (!delivery) return;
        void message.success(t('messages.created', { number: delivery.number }));
        void navigate(hrefOf('logistics', {}, { date: delivery.date, id: delivery.id }));
      },
      onError: (error) => {
        zf.fail(error);
        if (error instanceof ApiError) {
          const paths = Object.keys(error.fields);
          const orderPath = paths.find((p) => p.startsWith('orderIds'));
          if (orderPath) setOrdersError(error.fields[orderPath] ?? null);
          if (paths[0]) setCurrent(orderPath ? 0 : stepOfField(paths[0]));
        }
      },
    });
  };

  const orderColumns: TableProps<ShippableOrder>['columns'] = [
    { key: 'number', title: t('columns.order'), className: 'nowrap', render: (_, o) => `${o.number} · ${formatDate(o.date)}` },
    { key: 'organization', title: t('columns.organization'), render: (_, o) => o.organizationName },
    { key: 'address', title: t('columns.address'), render: (_, o) => o.address, responsive: ['md'] },
    { key: 'sum', title: moneyTitle(t('columns.sum')), align: 'right', render: (_, o) => <Money value={o.sumSale} /> },
    { key: 'weight', title: t('columns.kg'), align: 'right', render: (_, o) => formatKg(o.weightG), responsive: ['sm'] },
  ];

  const requiredWhen = (needed: boolean) => [
    { validator: async (_: unknown, v: unknown) => (needed && !v ? Promise.reject(new Error(t('validation:required'))) : undefined) },
  ];

  const steps = [t('wizard.steps.orders'), t('wizard.steps.address'), t('wizard.steps.courier'), t('wizard.steps.review')];

  return (
    <>
      <PageHeader title={t('nav:titles.shipmentsWizard')} />
      <Card variant="borderless">
        <Steps current={current} items={steps.map((title) => ({ title }))} size="small" style={{ marginBottom: 24 }} responsive />
        <div hidden={current !== 0}>
          {ordersError ? <Alert type="error" showIcon title={ordersError} style={{ marginBottom: 12 }} role="alert" /> : null}
          <DataTable<ShippableOrder>
            query={orders}
            rows={orders.data}
            rowKey="id"
            columns={orderColumns}
            emptyText={t('empty.shippable')}
            pagination={false}
            scroll={{ x: true, y: 420 }}
            rowSelection={{
              columnTitle: selectAllTitle,
              selectedRowKeys: selected,
              onChange: (keys) => {
                setSelected(keys.map(Number));
                setOrdersError(null);
              },
              getCheckboxProps: (o) => ({
                disabled: !selected.includes(o.id) && selected.length >= maxDeliveryOrders,
                'aria-label': t('wizard.pickOrder', { number: o.number }),
              }),
            }}
          />
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }} data-testid="wizard-selection">
            {t('wizard.selected', { n: formatNumber(chosen.length), kg: formatKg(weightG) })} ·{' '}
            <Money value={chosen.reduce((s, o) => s + o.sumSale, 0)} currency />
          </Typography.Paragraph>
        </div>
        <Form<WizardValues>
          form={form}
          layout="vertical"
          initialValues={{ date: dayjs(businessDate()), type: 'ownCourier', boxCount: 1, pricePerKm: 0 }}
          onValuesChange={(changed: Partial<WizardValues>) => {
            if (changed.carId) {
              const picked = (cars.data ?? []).find((c) => c.id === changed.carId);
              if (picked?.courierId && !form.getFieldValue('courierId')) form.setFieldValue('courierId', picked.courierId);
            }
          }}
        >
          <div hidden={current !== 1}>
            <Form.Item name="type" label={t('fields.type.label')} required>
              <Radio.Group optionType="button" buttonStyle="solid" options={deliveryTypes.map((d) => ({ value: d, label: t(`enums:deliveryType.${d}`) }))} />
            </Form.Item>
            <Row gutter={16}>
              <Col xs={24} sm={12}>
                <Form.Item name="date" label={t('fields.date.label')} required>
                  <DatePicker format={dateFormat} allowClear={false} style={{ width: '100%' }} disabledDate={(d) => d.format(dateFormat) < businessDate()} />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item name="warehouseId" label={t('fields.warehouse.label')} required rules={zf.rule('warehouseId')}>
                  <Select loading={warehouses.isPending} options={activeWarehouses.map((w) => ({ value: w.id, label: w.name }))} />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item name="address" label={t('fields.address.label')} extra={t('fields.address.help')} required rules={zf.rule('address')}>
              <Input.TextArea maxLength={300} autoSize={{ minRows: 1, maxRows: 3 }} />
            </Form.Item>
            <Row gutter={16}>
              <Col xs={24} sm={12}>
                <Form.Item name="district" label={t('fields.district.label')} rules={zf.rule('district')}>
                  <Input maxLength={120} />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item name="house" label={t('fields.house.label')} rules={zf.rule('house')}>
                  <Input maxLength={40} />
                </Form.Item>
              </Col>
            </Row>
          </div>
          <div hidden={current !== 2}>
            {type === 'car' ? (
              <Form.Item name="carId" label={t('fields.car.label')} required rules={requiredWhen(type === 'car')} dependencies={['type']}>
                <Select
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  loading={cars.isPending}
                  options={(cars.data ?? [])
                    .filter((c) => c.active)
                    .map((c) => ({
                      value: c.id,
                      label: t('wizard.carOption', { plate: c.plate, model: c.model, kg: formatNumber(c.capacityKg), boxes: formatNumber(c.capacityBoxes) }),
                    }))}
                />
              </Form.Item>
            ) : null}
            {type !== 'pickup' ? (
              <Form.Item name="courierId" label={t('fields.courierOfDelivery.label')} required rules={requiredWhen(type !== 'pickup')} dependencies={['type']}>
                <Select
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  loading={couriers.isPending}
                  options={(couriers.data ?? []).map((u) => ({ value: u.id, label: u.fullName }))}
                />
              </Form.Item>
            ) : null}
            {car && (weightG > car.capacityKg * 1000 || boxCount > car.capacityBoxes) ? (
              <Alert
                type="warning"
                showIcon
                style={{ marginBottom: 16 }}
                title={t('wizard.overCapacity', {
                  kg: formatKg(weightG),
                  capacityKg: formatNumber(car.capacityKg),
                  capacityBoxes: formatNumber(car.capacityBoxes),
                })}
              />
            ) : null}
            <Row gutter={16}>
              <Col xs={24} sm={8}>
                <Form.Item name="boxCount" label={t('fields.boxCount.label')} required rules={zf.rule('boxCount')}>
                  <InputNumber min={1} max={1000} precision={0} style={{ width: '100%' }} suffix={t('units.boxes')} />
                </Form.Item>
              </Col>
              <Col xs={24} sm={8}>
                <Form.Item name="pricePerBox" label={t('fields.pricePerBox.label')} required rules={zf.rule('pricePerBox')}>
                  <MoneyInput />
                </Form.Item>
              </Col>
              <Col xs={24} sm={8}>
                <Form.Item name="pricePerKm" label={t('fields.pricePerKm.label')} rules={zf.rule('pricePerKm')}>
                  <MoneyInput />
                </Form.Item>
              </Col>
            </Row>
          </div>
        </Form>
        {current === 3 ? (
          <Flex vertical gap={16}>
            <Descriptions size="small" bordered column={{ xs: 1, sm: 2, lg: 3 }}>
              <Descriptions.Item label={t('columns.orders')}>{formatNumber(chosen.length)}</Descriptions.Item>
              <Descriptions.Item label={t('columns.type')}>{t(`enums:deliveryType.${type}`)}</Descriptions.Item>
              <Descriptions.Item label={t('columns.courierOrCar')}>
                {[type !== 'pickup' ? couriers.data?.find((u) => u.id === form.getFieldValue('courierId'))?.fullName : null, type === 'car' ? car?.plate : null]
                  .filter(Boolean)
                  .join(' · ') || '—'}
              </Descriptions.Item>
              <Descriptions.Item label={t('columns.address')}>
                {[form.getFieldValue('address'), form.getFieldValue('district'), form.getFieldValue('house')].filter(Boolean).join(', ')}
              </Descriptions.Item>
              <Descriptions.Item label={t('columns.weight')}>{`${formatKg(weightG)} ${t('units.kg')}`}</Descriptions.Item>
              <Descriptions.Item label={t('columns.distance')}>
                <span data-testid="wizard-km">{`${formatKm(route.lengthM)} ${t('units.km')}`}</span>
              </Descriptions.Item>
              <Descriptions.Item label={moneyTitle(t('columns.cost'))}>
                <Money value={cost} strong />
              </Descriptions.Item>
            </Descriptions>
            <ol style={{ margin: 0, paddingInlineStart: 20 }} data-testid="wizard-route" aria-label={t('titles.stops')}>
              {route.stops.map((o) => (
                <li key={o.id}>{`${o.organizationName} — ${o.address}`}</li>
              ))}
              {chosen
                .filter((o) => o.lat === null || o.lng === null)
                .map((o) => (
                  <li key={o.id}>{`${o.organizationName} — ${o.address} (${t('wizard.noPoint')})`}</li>
                ))}
            </ol>
            <MapView
              label={t('titles.plannedRoute')}
              fitPoints
              height={360}
              routes={[
                {
                  id: 'planned',
                  color: routeColors[0],
                  start: route.start ? { ...route.start, title: warehouse?.name ?? '' } : null,
                  stops: route.stops.map((o) => ({ id: o.id, lat: o.lat, lng: o.lng, title: `${o.organizationName} — ${o.address}` })),
                },
              ]}
            />
          </Flex>
        ) : null}
        <Flex justify="space-between" style={{ marginTop: 24 }} gap={8} wrap>
          <Button onClick={() => void goTo(current - 1)} disabled={current === 0}>
            {t('wizard.back')}
          </Button>
          {current < 3 ? (
            <Button type="primary" onClick={() => void goTo(current + 1)}>
              {t('wizard.next')}
            </Button>
          ) : (
            <Button type="primary" onClick={submit} loading={create.isPending}>
              {t('actions.create')}
            </Button>
          )}
        </Flex>
      </Card>
    </>
  );
}
