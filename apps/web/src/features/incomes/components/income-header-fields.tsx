import { Col, DatePicker, Form, Input, InputNumber, Row } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { businessDate, dateFormat, incomeHeaderFields, maxMarkupPercent, maxVatPercent, type TradeSettings } from '@pharma/contracts';
import type { z } from 'zod';
import { WarehouseSelect } from '../../warehouses';

export interface HeaderValues {
  date?: Dayjs | null;
  warehouseId?: number;
  supplier?: string;
  supplierInvoice?: string | null;
  comment?: string | null;
  vatPercent?: number | null;
  markupPercent?: number | null;
}

/** Today in Tashkent, the VAT rate and the wholesale markup of Settings → prepayments and markups. */
export const headerDefaults = (settings: TradeSettings | undefined): HeaderValues => ({
  date: dayjs(businessDate()),
  vatPercent: settings?.vatPercent,
  markupPercent: settings?.markups.wholesale,
});

/** The header as the request wants it. */
export const headerBody = (v: HeaderValues) => ({
  ...v,
  date: v.date ? v.date.format(dateFormat) : undefined,
  supplierInvoice: v.supplierInvoice ?? null,
  comment: v.comment ?? null,
});

/** The header of an income (typed in or imported): warehouse, date, supplier and invoice, VAT % and markup %, comment. */
export function IncomeHeaderFields({ schemaRule, autoFocus = false }: { schemaRule: (schema: z.ZodType) => Rule; autoFocus?: boolean }) {
  const { t } = useTranslation(['incomes', 'stock']);
  const rule = (name: keyof typeof incomeHeaderFields) => [schemaRule(incomeHeaderFields[name])];
  const today = businessDate();
  return (
    <Row gutter={12}>
      <Col xs={24} sm={12} lg={6}>
        <Form.Item name="warehouseId" label={t('stock:columns.warehouseName')} required rules={rule('warehouseId')}>
          <WarehouseSelect onlyActive autoFocus={autoFocus} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12} lg={4}>
        <Form.Item name="date" label={t('stock:columns.date')} required>
          <DatePicker format={dateFormat} style={{ width: '100%' }} allowClear={false} disabledDate={(d) => d.format(dateFormat) > today} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12} lg={8}>
        <Form.Item name="supplier" label={t('stock:columns.supplier')} required rules={rule('supplier')}>
          <Input maxLength={200} autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12} lg={6}>
        <Form.Item name="supplierInvoice" label={t('fields.supplierInvoice.label')} rules={rule('supplierInvoice')}>
          <Input maxLength={64} autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={12} sm={6} lg={3}>
        <Form.Item name="vatPercent" label={t('stock:columns.vatPercent')} required rules={rule('vatPercent')}>
          <InputNumber<number> min={0} max={maxVatPercent} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col xs={12} sm={6} lg={3}>
        <Form.Item name="markupPercent" label={t('stock:columns.markupPercent')} required rules={rule('markupPercent')}>
          <InputNumber<number> min={0} max={maxMarkupPercent} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col xs={24} lg={18}>
        <Form.Item name="comment" label={t('stock:columns.comment')} rules={rule('comment')}>
          <Input maxLength={1000} autoComplete="off" />
        </Form.Item>
      </Col>
    </Row>
  );
}
