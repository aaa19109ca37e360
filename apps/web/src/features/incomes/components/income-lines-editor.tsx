import { Button, DatePicker, Flex, Form, Input, InputNumber, Statistic, Table, Tooltip, type FormInstance, type TableProps } from 'antd';
import type { Rule } from 'antd/es/form';
import type { z } from 'zod';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import {
  dateFormat,
  incomeLineInput,
  maxLineQuantity,
  maxMarkupPercent,
  maxVatPercent,
  pricePosition,
  priceTotals,
  type PricedPosition,
} from '@pharma/contracts';
import { Money, MoneyInput, useMoneyTitle } from '../../../components/money';
import { formatMoney, formatNumber } from '../../../lib/format';
import { ProductSelect } from '../../catalog';

export interface LineValues {
  key: number;
  productId?: number;
  series?: string;
  serialNumber?: string | null;
  expiryDate?: Dayjs | null;
  quantity?: number | null;
  basePrice?: number | null;
  vatPercent?: number | null;
  markupPercent?: number | null;
}

/** Prices a line as the server will (contracts' pricing): null until it has a price and a quantity. */
export function priceLine(
  line: LineValues | undefined,
  vatPercent: number | null | undefined,
  markupPercent: number | null | undefined,
): PricedPosition | null {
  if (!line || typeof line.basePrice !== 'number' || typeof line.quantity !== 'number' || line.quantity < 1) return null;
  const vat = line.vatPercent ?? vatPercent;
  const markup = line.markupPercent ?? markupPercent;
  if (typeof vat !== 'number' || typeof markup !== 'number') return null;
  try {
    return pricePosition({ basePrice: line.basePrice, quantity: line.quantity, vatPercent: vat, markupPercent: markup });
  } catch {
    return null;
  }
}

let nextKey = 1;
export const newLine = (): LineValues => ({ key: nextKey++ });

/**
 * The rows of an income: product, series, serial number, expiry, quantity, base price, VAT % and
 * markup % (the document's unless given), with base price with VAT, sale price and sums priced live.
 */
export function IncomeLinesEditor({
  form,
  schemaRule,
  focusKey,
  onAdd,
}: {
  form: FormInstance;
  schemaRule: (schema: z.ZodType) => Rule;
  focusKey: number | null;
  onAdd: (key: number) => void;
}) {
  const { t } = useTranslation(['incomes', 'stock']);
  const moneyTitle = useMoneyTitle();
  const lines = (Form.useWatch('lines', form) as LineValues[] | undefined) ?? [];
  const vat = Form.useWatch('vatPercent', form) as number | null | undefined;
  const markup = Form.useWatch('markupPercent', form) as number | null | undefined;
  const priced = lines.map((l) => priceLine(l, vat, markup));
  const totals = priceTotals(priced.filter((p): p is PricedPosition => p !== null));
  const shape = incomeLineInput.shape;
  const rule = (schema: z.ZodType) => [schemaRule(schema)];

  return (
    <Form.List name="lines">
      {(fields, { add, remove }) => {
        const columns: TableProps<(typeof fields)[number]>['columns'] = [
          { key: 'n', title: '№', width: 36, fixed: 'left', render: (_, _f, i) => <span className="cell-muted">{i + 1}</span> },
          {
            key: 'productId',
            title: t('stock:columns.productName'),
            width: 256,
            fixed: 'left',
            render: (_, field, i) => (
              <Form.Item name={[field.name, 'productId']} className="line-item" rules={rule(shape.productId)}>
                <ProductSelect
                  size="small"
                  style={{ width: 240 }}
                  aria-label={t('fields.lineProduct.label', { n: i + 1 })}
                  autoFocus={lines[i]?.key === focusKey}
                  popupMatchSelectWidth={360}
                />
              </Form.Item>
            ),
          },
          {
            key: 'series',
            title: t('stock:columns.series'),
            width: 110,
            render: (_, field, i) => (
              <Form.Item name={[field.name, 'series']} className="line-item" rules={rule(shape.series)}>
                <Input size="small" maxLength={64} aria-label={t('fields.lineSeries.label', { n: i + 1 })} />
              </Form.Item>
            ),
          },
          {
            key: 'serialNumber',
            title: t('stock:columns.serialNumber'),
            width: 110,
            render: (_, field, i) => (
              <Form.Item name={[field.name, 'serialNumber']} className="line-item" rules={rule(shape.serialNumber)}>
                <Input size="small" maxLength={64} aria-label={t('fields.lineSerialNumber.label', { n: i + 1 })} />
              </Form.Item>
            ),
          },
          {
            key: 'expiryDate',
            title: t('stock:columns.expiryDate'),
            width: 130,
            render: (_, field, i) => (
              <Form.Item name={[field.name, 'expiryDate']} className="line-item">
                <DatePicker
                  size="small"
                  format={dateFormat}
                  style={{ width: 122 }}
                  aria-label={t('fields.lineExpiryDate.label', { n: i + 1 })}
                  placeholder="yyyy-MM-dd"
                />
              </Form.Item>
            ),
          },
          {
            key: 'quantity',
            title: t('stock:columns.quantity'),
            width: 96,
            render: (_, field, i) => (
              <Form.Item name={[field.name, 'quantity']} className="line-item" rules={rule(shape.quantity)}>
                <InputNumber<number>
                  size="small"
                  min={1}
                  max={maxLineQuantity}
                  precision={0}
                  style={{ width: 88 }}
                  inputMode="numeric"
                  aria-label={t('fields.lineQuantity.label', { n: i + 1 })}
                />
              </Form.Item>
            ),
          },
          {
            key: 'basePrice',
            title: moneyTitle(t('stock:columns.basePrice')),
            width: 130,
            render: (_, field, i) => (
              <Form.Item name={[field.name, 'basePrice']} className="line-item" rules={rule(shape.basePrice)}>
                <MoneyInput size="small" style={{ width: 122 }} aria-label={t('fields.lineBasePrice.label', { n: i + 1 })} />
              </Form.Item>
            ),
          },
          {
            key: 'vatPercent',
            title: t('stock:columns.vatPercent'),
            width: 76,
            render: (_, field, i) => (
              <Form.Item name={[field.name, 'vatPercent']} className="line-item">
                <InputNumber<number>
                  size="small"
                  min={0}
                  max={maxVatPercent}
                  style={{ width: 68 }}
                  placeholder={vat === null || vat === undefined ? '' : String(vat)}
                  aria-label={t('fields.lineVat.label', { n: i + 1 })}
                />
              </Form.Item>
            ),
          },
          {
            key: 'markupPercent',
            title: t('stock:columns.markupPercent'),
            width: 76,
            render: (_, field, i) => (
              <Form.Item name={[field.name, 'markupPercent']} className="line-item">
                <InputNumber<number>
                  size="small"
                  min={0}
                  max={maxMarkupPercent}
                  style={{ width: 68 }}
                  placeholder={markup === null || markup === undefined ? '' : String(markup)}
                  aria-label={t('fields.lineMarkup.label', { n: i + 1 })}
                />
              </Form.Item>
            ),
          },
          {
            key: 'priced',
            title: moneyTitle(t('stock:columns.salePrice')),
            align: 'right',
            fixed: 'right',
            width: 170,
            render: (_, _f, i) => {
              const p = priced[i];
              if (!p) return <span className="cell-muted">—</span>;
              return (
                <div className="priced-cell" aria-live="polite">
                  <Money value={p.salePrice} strong />
                  <span className="cell-muted nowrap">
                    {t('fields.withVat.label')} <Money value={p.basePriceWithVat} />
                  </span>
                  <span className="cell-muted nowrap">
                    Σ <Money value={p.sumSale} />
                  </span>
                </div>
              );
            },
          },
          {
            key: 'remove',
            width: 40,
            fixed: 'right',
            title: <span className="sr-only">{t('common:fields.actions.label')}</span>,
            render: (_, field, i) => (
              <Tooltip title={t('actions.removeLine')}>
                <Button
                  type="text"
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  disabled={fields.length === 1}
                  aria-label={t('actions.removeLineN', { n: i + 1 })}
                  onClick={() => remove(field.name)}
                />
              </Tooltip>
            ),
          },
        ];
        return (
          <>
            <Table
              className="income-lines"
              size="small"
              rowKey="key"
              dataSource={fields}
              columns={columns}
              pagination={false}
              scroll={{ x: 1240 }}
              summary={() => (
                <Table.Summary.Row className="row-total">
                  <Table.Summary.Cell index={0} colSpan={5}>
                    {t('fields.totals.label')}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={5}>
                    <strong>{formatNumber(totals.quantity)}</strong>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={6} colSpan={3} />
                  <Table.Summary.Cell index={9} align="right">
                    <span className="nowrap">
                      Σ <Money value={totals.sumSale} strong />
                    </span>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={10} />
                </Table.Summary.Row>
              )}
            />
            <Flex justify="space-between" align="flex-start" gap={16} wrap style={{ marginTop: 8 }}>
              <Button
                icon={<PlusOutlined />}
                onClick={() => {
                  const line = newLine();
                  add(line);
                  onAdd(line.key);
                }}
              >
                {t('actions.addLine')}
              </Button>
              <Flex gap={32} wrap className="income-totals" aria-live="polite">
                <Statistic title={moneyTitle(t('stock:columns.sumBase'))} value={formatMoney(totals.sumBase)} />
                <Statistic title={moneyTitle(t('stock:columns.sumBaseWithVat'))} value={formatMoney(totals.sumBaseWithVat)} />
                <Statistic title={moneyTitle(t('stock:columns.sumSale'))} value={formatMoney(totals.sumSale)} />
              </Flex>
            </Flex>
          </>
        );
      }}
    </Form.List>
  );
}
