import { Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { clientTypes, maxMarkupPercent, maxPrepaymentPercent, paymentVariants } from '@pharma/contracts';
import type { Rule } from 'antd/es/form';

/**
 * An order's terms as form fields (the wizard's delivery step, /orders-item-edit): delivery address,
 * client type, payment variant, prepayment %, contract, comments; the order's markup and the
 * operator's comment only for the desk.
 */
export function OrderTermsFields({ rule, desk, creating = false }: { rule: (name: string) => Rule[]; desk: boolean; creating?: boolean }) {
  const { t } = useTranslation('orders');
  return (
    <Row gutter={16}>
      <Col xs={24}>
        <Form.Item name="deliveryAddress" label={t('columns.deliveryAddress')} rules={rule('deliveryAddress')} required>
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 3 }} maxLength={300} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12} lg={8}>
        <Form.Item name="clientType" label={t('columns.clientType')} rules={rule('clientType')}>
          <Select options={clientTypes.map((v) => ({ value: v, label: t(`enums:clientType.${v}`) }))} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12} lg={8}>
        <Form.Item name="paymentVariant" label={t('columns.paymentVariant')} rules={rule('paymentVariant')}>
          <Select options={paymentVariants.map((v) => ({ value: v, label: t(`enums:paymentVariant.${v}`) }))} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12} lg={8}>
        <Form.Item name="prepaymentPercent" label={t('fields.prepaymentPercent')} rules={rule('prepaymentPercent')}>
          <InputNumber<number> min={0} max={maxPrepaymentPercent} precision={2} style={{ width: '100%' }} suffix="%" />
        </Form.Item>
      </Col>
      {desk ? (
        <Col xs={24} sm={12} lg={8}>
          <Form.Item name="markupPercent" label={t('fields.orderMarkup')} rules={rule('markupPercent')} extra={t('fields.orderMarkupHint')}>
            <InputNumber<number> min={0} max={maxMarkupPercent} precision={2} style={{ width: '100%' }} suffix="%" />
          </Form.Item>
        </Col>
      ) : null}
      <Col xs={24} sm={12} lg={8}>
        <Form.Item name="contractNumber" label={t('columns.contract')} rules={rule('contractNumber')}>
          <Input maxLength={64} />
        </Form.Item>
      </Col>
      <Col xs={24} lg={desk && !creating ? 12 : 24}>
        <Form.Item name="comment" label={t('columns.comment')} rules={rule('comment')}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={1000} />
        </Form.Item>
      </Col>
      {desk && !creating ? (
        <Col xs={24} lg={12}>
          <Form.Item name="operatorComment" label={t('columns.operatorComment')} rules={rule('operatorComment')}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={1000} />
          </Form.Item>
        </Col>
      ) : null}
    </Row>
  );
}
