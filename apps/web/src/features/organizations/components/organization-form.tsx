import { useEffect, useMemo, useState } from 'react';
import { Alert, App, AutoComplete, Button, Card, Col, Collapse, Form, Input, InputNumber, Radio, Row, Select, Space } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  clientTypes,
  organizationSizes,
  organizationTypes,
  paymentVariants,
  saveOrganizationBody,
  type GeocodeResult,
  type LatLng,
  type Organization,
  type SaveOrganizationBody,
} from '@pharma/contracts';
import { MapPickerField } from '../../../components/map/map-picker-field';
import { useZodForm } from '../../../components/zod-form';

import { useBrandOptions } from '../../brands';
import { AddressSearch } from '../../maps';
import { useOrgUnits } from '../../org-units';
import { useDuplicateCheckedSave } from './use-duplicate-checked-save';
import { DuplicatesModal } from './duplicates-modal';
import { PointHint } from './point-hint';
import { filterChoice, useRegionChoices } from './region-choices';
import { addressOf, sumToTiyin, toBody, toFormValues, type OrganizationFormValues } from './organization-form-values';

interface Props {
  organization?: Organization;
  formId: string;
  readOnly: boolean;
  defaults: Partial<OrganizationFormValues>;
  saving: boolean;
  /** saves the body; rejects with the server's error */
  onSave: (body: SaveOrganizationBody) => Promise<unknown>;
}

/**
 * Add or edit a pharmacy, wholesaler or healthcare facility with every field (spec §3, §5): the
 * contracts' schema checks it, server errors land on the fields, likely duplicates are shown
 * before saving.
 */
export function OrganizationForm({ organization, formId, readOnly, defaults, saving, onSave }: Props) {
  const { t } = useTranslation(['organizations', 'maps']);
  const { message } = App.useApp();
  const zf = useZodForm(saveOrganizationBody);
  const form = zf.form;
  const choices = useRegionChoices();
  const brands = useBrandOptions();
  const branches = useOrgUnits('branches');
  const { check, checking, candidates, cancel, confirm } = useDuplicateCheckedSave(organization?.id ?? null, onSave, zf.fail);
  const [focus, setFocus] = useState<LatLng | null>(null);
  const [picked, setPicked] = useState<LatLng | null>(null);

  const regionId = Form.useWatch('regionId', form) as number | null | undefined;
  const deliveryRegionId = Form.useWatch('deliveryRegionId', form) as number | null | undefined;
  const name = Form.useWatch('name', form) as string | undefined;
  const lat = Form.useWatch('lat', form) as number | null | undefined;
  const lng = Form.useWatch('lng', form) as number | null | undefined;

  // a representative with one territory: a new organization starts there
  useEffect(() => {
    if (organization || readOnly) return;
    const patch: Partial<OrganizationFormValues> = {};
    if (!form.getFieldValue('regionId') && choices.singleRegion) patch.regionId = choices.singleRegion;
    if (!form.getFieldValue('districtId') && choices.singleDistrict) patch.districtId = choices.singleDistrict;
    if (Object.keys(patch).length) form.setFieldsValue(patch);
  }, [choices.singleRegion, choices.singleDistrict, organization, readOnly, form]);

  const onValid = (body: SaveOrganizationBody) => void check({ ...body, confirmDuplicate: undefined });

  const copyToDelivery = () => {
    const v = form.getFieldsValue(['regionId', 'districtId', 'address', 'lat', 'lng']) as OrganizationFormValues;
    form.setFieldsValue({
      deliveryRegionId: v.regionId,
      deliveryDistrictId: v.districtId,
      deliveryAddress: v.address,
      deliveryLat: v.lat ?? null,
      deliveryLng: v.lng ?? null,
    });
    void form.validateFields(['deliveryAddress']).catch(() => undefined);
    void message.info(t('messages.deliveryCopied'));
  };

  const onAddressFound = (result: GeocodeResult) => {
    const point = { lat: result.lat, lng: result.lng };
    form.setFieldsValue({ lat: Math.round(point.lat * 1e6) / 1e6, lng: Math.round(point.lng * 1e6) / 1e6 });
    if (!form.getFieldValue('address')) form.setFieldsValue({ address: addressOf(result) });
    setFocus(point);
    setPicked(point);
  };

  const brandOptions = useMemo(() => (brands.data ?? []).map((b) => ({ value: b.id, label: b.name })), [brands.data]);
  const branchOptions = useMemo(() => (branches.data ?? []).map((b) => ({ value: b.name })), [branches.data]);
  const half = { xs: 24, md: 12 };
  const third = { xs: 24, sm: 12, lg: 8 };
  const orgPoint = typeof lat === 'number' && typeof lng === 'number' ? { lat, lng } : null;

  return (
    <>
      <Form<OrganizationFormValues>
        id={formId}
        form={form}
        layout="vertical"
        initialValues={toFormValues(organization, defaults)}
        disabled={readOnly}
        {...zf.submitHandlers(onValid, toBody)}
        scrollToFirstError
        className="organization-form"
      >
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          {choices.noTerritories ? <Alert type="warning" showIcon title={t('messages.noTerritories')} /> : null}
          <Card variant="borderless" title={t('sections.main')}>
            <Form.Item name="type" label={t('fields.type.label')} required rules={zf.rule('type')}>
              <Radio.Group
                optionType="button"
                buttonStyle="solid"
                className="wrap-radio"
                options={organizationTypes.map((v) => ({ value: v, label: t(`enums:organizationType.${v}`) }))}
              />
            </Form.Item>
            <Row gutter={16}>
              <Col {...half}>
                <Form.Item name="name" label={t('fields.name.label')} required rules={zf.rule('name')}>
                  <Input maxLength={200} autoComplete="off" />
                </Form.Item>
              </Col>
              <Col {...half}>
                <Form.Item name="inn" label={t('fields.inn.label')} required rules={zf.rule('inn')} extra={t('hints.inn')}>
                  <Input inputMode="numeric" maxLength={9} autoComplete="off" />
                </Form.Item>
              </Col>
              <Col {...half}>
                <Form.Item name="phone" label={t('fields.phone.label')} required rules={zf.rule('phone')}>
                  <Input inputMode="tel" autoComplete="off" placeholder="+998 90 123 45 67" />
                </Form.Item>
              </Col>
              <Col {...half}>
                <Form.Item name="size" label={t('fields.size.label')} rules={zf.rule('size')}>
                  <Select allowClear options={organizationSizes.map((v) => ({ value: v, label: t(`enums:organizationSize.${v}`) }))} />
                </Form.Item>
              </Col>
              <Col {...half}>
                <Form.Item name="responsiblePerson" label={t('fields.responsiblePerson.label')} required rules={zf.rule('responsiblePerson')}>
                  <Input maxLength={120} autoComplete="off" />
                </Form.Item>
              </Col>
              <Col {...half}>
                <Form.Item name="responsiblePhone" label={t('fields.responsiblePhone.label')} rules={zf.rule('responsiblePhone')}>
                  <Input inputMode="tel" autoComplete="off" placeholder="+998 90 123 45 67" />
                </Form.Item>
              </Col>
              <Col {...half}>
                <Form.Item name="branchName" label={t('fields.branchName.label')} rules={zf.rule('branchName')}>
                  <AutoComplete options={branchOptions} filterOption={(input, option) => filterChoice(input, { label: option?.value })} maxLength={200} />
                </Form.Item>
              </Col>
              <Col {...half}>
                <Form.Item name="brandId" label={t('fields.brandId.label')} rules={zf.rule('brandId')}>
                  <Select allowClear showSearch={{ filterOption: filterChoice }} loading={brands.isPending} options={brandOptions} />
                </Form.Item>
              </Col>
            </Row>
          </Card>

          <Card variant="borderless" title={t('sections.location')}>
            <Row gutter={16}>
              <Col {...half}>
                <Form.Item name="regionId" label={t('fields.regionId.label')} required rules={zf.rule('regionId')}>
                  <Select
                    showSearch={{ filterOption: filterChoice }}
                    loading={choices.loading}
                    options={choices.regions}
                    onChange={() => form.setFieldsValue({ districtId: null })}
                  />
                </Form.Item>
              </Col>
              <Col {...half}>
                <Form.Item name="districtId" label={t('fields.districtId.label')} required rules={zf.rule('districtId')}>
                  <Select showSearch={{ filterOption: filterChoice }} disabled={readOnly || !regionId} options={choices.districts(regionId)} />
                </Form.Item>
              </Col>
              <Col span={24}>
                {readOnly ? null : (
                  <Form.Item label={t('maps:fields.addressSearch.label')} htmlFor="organization-address-search">
                    <AddressSearch id="organization-address-search" onSelect={onAddressFound} />
                  </Form.Item>
                )}
                <Form.Item name="address" label={t('fields.address.label')} required rules={zf.rule('address')}>
                  <Input.TextArea autoSize={{ minRows: 1, maxRows: 3 }} maxLength={300} />
                </Form.Item>
              </Col>
            </Row>
            <MapPickerField
              latName="lat"
              lngName="lng"
              latRules={zf.rule('lat')}
              lngRules={zf.rule('lng')}
              title={name || t('labels.newOrganization')}
              center={focus}
              disabled={readOnly}
              onPicked={setPicked}
            />
            {readOnly ? null : (
              <PointHint
                point={picked}
                excludeId={organization?.id}
                onAddress={(address) => {
                  if (!form.getFieldValue('address')) form.setFieldsValue({ address });
                }}
              />
            )}
          </Card>

          <Card
            variant="borderless"
            title={t('sections.delivery')}
            extra={
              readOnly ? null : (
                <Button size="small" icon={<CopyOutlined />} onClick={copyToDelivery}>
                  {t('actions.sameAsAddress')}
                </Button>
              )
            }
          >
            <Row gutter={16}>
              <Col {...half}>
                <Form.Item
                  name="deliveryRegionId"
                  label={t('fields.deliveryRegionId.label')}
                  rules={zf.rule('deliveryRegionId')}
                  extra={t('hints.deliveryRegion')}
                >
                  <Select
                    allowClear
                    showSearch={{ filterOption: filterChoice }}
                    options={choices.regions}
                    onChange={() => form.setFieldsValue({ deliveryDistrictId: null })}
                  />
                </Form.Item>
              </Col>
              <Col {...half}>
                <Form.Item name="deliveryDistrictId" label={t('fields.deliveryDistrictId.label')} rules={zf.rule('deliveryDistrictId')}>
                  <Select
                    allowClear
                    showSearch={{ filterOption: filterChoice }}
                    disabled={readOnly || !deliveryRegionId}
                    options={choices.districts(deliveryRegionId)}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={18}>
                <Form.Item
                  name="deliveryAddress"
                  label={t('fields.deliveryAddress.label')}
                  required
                  rules={zf.rule('deliveryAddress')}
                  extra={t('hints.deliveryAddress')}
                >
                  <Input.TextArea autoSize={{ minRows: 1, maxRows: 3 }} maxLength={300} />
                </Form.Item>
              </Col>
              <Col xs={24} md={6}>
                <Form.Item name="deliveryHouse" label={t('fields.deliveryHouse.label')} rules={zf.rule('deliveryHouse')}>
                  <Input maxLength={20} autoComplete="off" />
                </Form.Item>
              </Col>
            </Row>
            <Collapse
              ghost
              destroyOnHidden
              items={[
                {
                  key: 'point',
                  label: t('sections.deliveryPoint'),
                  forceRender: false,
                  children: (
                    <MapPickerField
                      latName="deliveryLat"
                      lngName="deliveryLng"
                      latRules={zf.rule('deliveryLat')}
                      lngRules={zf.rule('deliveryLng')}
                      title={t('labels.deliveryPoint')}
                      points={orgPoint ? [{ id: 'organization', ...orgPoint, title: name || t('labels.newOrganization') }] : undefined}
                      disabled={readOnly}
                      height={280}
                    />
                  ),
                },
              ]}
            />
          </Card>

          <Card variant="borderless" title={t('sections.legal')}>
            <Row gutter={16}>
              <Col {...half}>
                <Form.Item name="legalName" label={t('fields.legalName.label')} rules={zf.rule('legalName')}>
                  <Input maxLength={300} />
                </Form.Item>
              </Col>
              <Col {...half}>
                <Form.Item name="legalAddress" label={t('fields.legalAddress.label')} rules={zf.rule('legalAddress')}>
                  <Input maxLength={300} />
                </Form.Item>
              </Col>
              <Col {...third}>
                <Form.Item name="bankName" label={t('fields.bankName.label')} rules={zf.rule('bankName')}>
                  <Input maxLength={200} />
                </Form.Item>
              </Col>
              <Col {...third}>
                <Form.Item name="bankAccount" label={t('fields.bankAccount.label')} rules={zf.rule('bankAccount')}>
                  <Input inputMode="numeric" maxLength={20} />
                </Form.Item>
              </Col>
              <Col {...third}>
                <Form.Item name="bankMfo" label={t('fields.bankMfo.label')} rules={zf.rule('bankMfo')}>
                  <Input inputMode="numeric" maxLength={5} />
                </Form.Item>
              </Col>
            </Row>
          </Card>

          <Card variant="borderless" title={t('sections.terms')}>
            <Row gutter={16}>
              <Col {...third}>
                <Form.Item name="creditLimit" label={t('fields.creditLimit.label')} rules={zf.rule('creditLimit', sumToTiyin)} extra={t('hints.creditLimit')}>
                  <InputNumber<number>
                    min={0}
                    precision={2}
                    style={{ width: '100%' }}
                    suffix={t('labels.sum')}
                    formatter={(v) => (v === undefined || v === null ? '' : String(v).replace(/\B(?=(\d{3})+(?!\d))/g, ' '))}
                    parser={(v) => Number((v ?? '').replace(/\s/g, ''))}
                  />
                </Form.Item>
              </Col>
              <Col {...third}>
                <Form.Item name="creditDays" label={t('fields.creditDays.label')} rules={zf.rule('creditDays')}>
                  <InputNumber<number> min={0} max={365} precision={0} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col {...third}>
                <Form.Item name="minShelfLifeMonths" label={t('fields.minShelfLifeMonths.label')} rules={zf.rule('minShelfLifeMonths')}>
                  <InputNumber<number> min={0} max={60} precision={0} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col {...half}>
                <Form.Item name="defaultClientType" label={t('fields.defaultClientType.label')} rules={zf.rule('defaultClientType')}>
                  <Select allowClear options={clientTypes.map((v) => ({ value: v, label: t(`enums:clientType.${v}`) }))} />
                </Form.Item>
              </Col>
              <Col {...half}>
                <Form.Item name="defaultPaymentVariant" label={t('fields.defaultPaymentVariant.label')} rules={zf.rule('defaultPaymentVariant')}>
                  <Select allowClear options={paymentVariants.map((v) => ({ value: v, label: t(`enums:paymentVariant.${v}`) }))} />
                </Form.Item>
              </Col>
            </Row>
          </Card>
        </Space>
      </Form>
      <DuplicatesModal candidates={candidates} saving={saving} onCancel={cancel} onContinue={confirm} />
      {checking ? (
        <span className="sr-only" aria-live="polite">
          {t('messages.checkingDuplicates')}
        </span>
      ) : null}
    </>
  );
}
