import { useState } from 'react';
import { App, Button, Card, Col, Flex, Form, Input, Row, Select, Skeleton } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { saveDeliveryAddressBody, saveLocationBody, type GeocodeResult, type LatLng, type Organization } from '@pharma/contracts';
import { MapPickerField } from '../../../components/map/map-picker-field';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { useZodForm } from '../../../components/zod-form';
import { useCan } from '../../../lib/permissions';
import { useListParams } from '../../../lib/use-list-params';
import { AddressSearch } from '../../maps';
import { useOrganization } from '../api/get-organization';
import { useSaveDeliveryAddress } from '../api/save-delivery-address';
import { useSaveLocation } from '../api/save-location';
import { OrganizationPicker } from '../components/organization-picker';
import { BlockedTag } from '../components/organization-tags';
import { PointHint } from '../components/point-hint';
import { filterChoice, useRegionChoices } from '../components/region-choices';
import { organizationPaths } from '../paths';

type Kind = 'location' | 'delivery';

/** The field names of each kind: the organization's own address, or where its orders are delivered. */
const names = {
  location: { region: 'regionId', district: 'districtId', address: 'address', lat: 'lat', lng: 'lng' },
  delivery: { region: 'deliveryRegionId', district: 'deliveryDistrictId', address: 'deliveryAddress', lat: 'deliveryLat', lng: 'deliveryLng' },
} as const;

/** /add-address?organization=ID: the organization's region, district, address and map point. */
export function AddAddressPage() {
  return <AddressScreen kind="location" />;
}

/** /add-delivery-address?organization=ID: where its orders go — region, district, street and house, map point. */
export function AddDeliveryAddressPage() {
  return <AddressScreen kind="delivery" />;
}

function AddressScreen({ kind }: { kind: Kind }) {
  const { t } = useTranslation(['organizations', 'maps']);
  const canEdit = useCan('organizations.edit');
  const { filters, update } = useListParams(['organization'] as const);
  const id = Number(filters.organization) > 0 ? Number(filters.organization) : null;
  const query = useOrganization(id);
  const title = t(kind === 'location' ? 'nav:titles.addAddress' : 'nav:titles.addDeliveryAddress');

  if (!canEdit) return <NoAccess />;
  let body;
  if (!id) body = null;
  else if (query.isPending) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (query.isError) body = <QueryError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else body = <AddressForm key={`${kind}-${query.data.id}`} kind={kind} organization={query.data} />;

  return (
    <div className="form-page">
      <PageHeader
        title={title}
        subtitle={
          query.data ? (
            <Flex gap={8} align="center" component="span">
              {query.data.name}
              {query.data.blocked ? <BlockedTag block={query.data.block} /> : null}
            </Flex>
          ) : undefined
        }
      />
      {id ? null : (
        <Card variant="borderless" style={{ marginBottom: 16 }}>
          <Form layout="vertical">
            <Form.Item label={t('fields.organization.label')} htmlFor="address-organization" style={{ margin: 0 }}>
              <OrganizationPicker id="address-organization" value={id} onChange={(next) => update({ organization: next ?? undefined })} />
            </Form.Item>
          </Form>
        </Card>
      )}
      {body}
    </div>
  );
}

function AddressForm({ kind, organization: o }: { kind: Kind; organization: Organization }) {
  const { t } = useTranslation(['organizations', 'maps']);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const n = names[kind];
  const zf = useZodForm(kind === 'location' ? saveLocationBody : saveDeliveryAddressBody);
  const form = zf.form;
  const choices = useRegionChoices();
  const saveLocation = useSaveLocation();
  const saveDelivery = useSaveDeliveryAddress();
  const saving = saveLocation.isPending || saveDelivery.isPending;
  const regionId = Form.useWatch(n.region, form) as number | null | undefined;
  const [focus, setFocus] = useState<LatLng | null>(null);
  const [picked, setPicked] = useState<LatLng | null>(null);

  const initialValues =
    kind === 'location'
      ? { regionId: o.regionId, districtId: o.districtId, address: o.address, lat: o.lat, lng: o.lng }
      : {
          deliveryRegionId: o.deliveryRegionId,
          deliveryDistrictId: o.deliveryDistrictId,
          deliveryAddress: o.deliveryAddress,
          deliveryHouse: o.deliveryHouse,
          deliveryLat: o.deliveryLat,
          deliveryLng: o.deliveryLng,
        };

  const done = () => {
    void message.success(t('common:messages.saved'));
    void navigate(organizationPaths.detail(o.id));
  };
  const submit = (body: unknown) => {
    if (kind === 'location') saveLocation.mutate({ id: o.id, body: body as never }, { onSuccess: done, onError: zf.fail });
    else saveDelivery.mutate({ id: o.id, body: body as never }, { onSuccess: done, onError: zf.fail });
  };
  const toBody = (values: Record<string, unknown>) => ({
    ...values,
    [n.lat]: values[n.lat] ?? null,
    [n.lng]: values[n.lng] ?? null,
    ...(kind === 'delivery' ? { deliveryRegionId: values.deliveryRegionId ?? null, deliveryDistrictId: values.deliveryDistrictId ?? null } : {}),
  });

  const onFound = (result: GeocodeResult) => {
    const point = { lat: Math.round(result.lat * 1e6) / 1e6, lng: Math.round(result.lng * 1e6) / 1e6 };
    form.setFieldsValue({ [n.lat]: point.lat, [n.lng]: point.lng });
    if (result.source === 'geocoder' || !form.getFieldValue(n.address)) {
      form.setFieldsValue({ [n.address]: result.source === 'organization' ? result.label.split(' — ').slice(1).join(' — ') || result.label : result.label });
    }
    setFocus(point);
    setPicked(point);
  };

  // the organization itself, shown while its delivery point is picked
  const around =
    kind === 'delivery' && o.lat !== null && o.lng !== null
      ? [{ id: 'organization', lat: o.lat, lng: o.lng, title: o.name, tone: 'primary' as const }]
      : undefined;

  return (
    <Form id="address-form" form={form} layout="vertical" initialValues={initialValues} {...zf.submitHandlers(submit, toBody)} scrollToFirstError>
      <Card variant="borderless">
        <Form.Item label={t('maps:fields.addressSearch.label')} htmlFor="address-search">
          <AddressSearch id="address-search" onSelect={onFound} />
        </Form.Item>
        <MapPickerField
          latName={n.lat}
          lngName={n.lng}
          latRules={zf.rule(n.lat)}
          lngRules={zf.rule(n.lng)}
          title={kind === 'location' ? o.name : t('labels.deliveryPoint')}
          points={around}
          center={focus}
          onPicked={setPicked}
          height={360}
        />
        <PointHint
          point={picked}
          excludeId={o.id}
          onAddress={(address) => {
            if (!form.getFieldValue(n.address)) form.setFieldsValue({ [n.address]: address });
          }}
        />
        <Row gutter={16} style={{ marginTop: 8 }}>
          <Col xs={24} md={12}>
            <Form.Item
              name={n.region}
              label={t(`fields.${n.region}.label`)}
              required={kind === 'location'}
              rules={zf.rule(n.region)}
              extra={kind === 'delivery' ? t('hints.deliveryRegion') : undefined}
            >
              <Select
                allowClear={kind === 'delivery'}
                showSearch={{ filterOption: filterChoice }}
                loading={choices.loading}
                options={choices.regions}
                onChange={() => form.setFieldsValue({ [n.district]: null })}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name={n.district} label={t(`fields.${n.district}.label`)} required={kind === 'location'} rules={zf.rule(n.district)}>
              <Select allowClear={kind === 'delivery'} showSearch={{ filterOption: filterChoice }} disabled={!regionId} options={choices.districts(regionId)} />
            </Form.Item>
          </Col>
          <Col xs={24} md={kind === 'delivery' ? 18 : 24}>
            <Form.Item
              name={n.address}
              label={t(`fields.${n.address}.label`)}
              required
              rules={zf.rule(n.address)}
              extra={kind === 'delivery' ? t('hints.deliveryAddress') : undefined}
            >
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={300} />
            </Form.Item>
          </Col>
          {kind === 'delivery' ? (
            <Col xs={24} md={6}>
              <Form.Item name="deliveryHouse" label={t('fields.deliveryHouse.label')} rules={zf.rule('deliveryHouse')}>
                <Input maxLength={20} autoComplete="off" />
              </Form.Item>
            </Col>
          ) : null}
        </Row>
      </Card>
      <div className="sticky-actions">
        <Flex gap={8} justify="flex-end">
          <Button onClick={() => void navigate(organizationPaths.detail(o.id))}>{t('common:actions.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('common:actions.save')}
          </Button>
        </Flex>
      </div>
    </Form>
  );
}
