import { useState } from 'react';
import { Alert, Button, Flex, Grid, InputNumber, Modal, Popconfirm, Spin, Statistic, Table, Typography, type TableProps } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { maxLineQuantity, maxMarkupPercent, type OrderQuote } from '@pharma/contracts';
import { Money, useMoneyTitle } from '../../../components/money';
import { EmptyState } from '../../../components/empty-state';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { formatDate, formatMoney, formatPercent } from '../../../lib/format';
import { QuantityStepper } from '../../../components/quantity-stepper';
import { addLine, lineErrors, linesToBody, quotedOf, type DraftLine } from '../order-lines';
import { StockPicker } from './stock-picker';
import { ProductLabel } from '../../catalog';

interface Props {
  lines: DraftLine[];
  onChange: (lines: DraftLine[]) => void;
  /** the server's prices of the lines as they are now (POST /orders/quote) */
  quote: OrderQuote | undefined;
  quoteError: unknown;
  quoting: boolean;
  /** the operator's desk sets a markup per line */
  showMarkup?: boolean;
}

/**
 * The drugs of an order being made or edited (/drugs-table-edit): a counter per drug, its own markup
 * for the desk, the batches FEFO takes and the sums as the server prices them, live totals, and "Add
 * drugs" from stock (/add-drugs) in a modal. A line the stock cannot cover says so on the line.
 */
export function OrderLinesEditor({ lines, onChange, quote, quoteError, quoting, showMarkup = false }: Props) {
  const { t } = useTranslation('orders');
  const moneyTitle = useMoneyTitle();
  const [picking, setPicking] = useState(false);
  // a rep orders on a phone: one card per drug instead of a wide table
  const narrow = !Grid.useBreakpoint().md;
  const errors = isApiError(quoteError) ? lineErrors(quoteError.fields, linesToBody(lines)) : new Map<number, string>();
  const generalError = quoteError && errors.size === 0 ? errorMessage(quoteError) : null;
  const update = (productId: number, patch: Partial<DraftLine>) => onChange(lines.map((l) => (l.productId === productId ? { ...l, ...patch } : l)));

  const columns: TableProps<DraftLine>['columns'] = [
    {
      key: 'product',
      title: t('columns.product'),
      render: (_, line) => {
        const quoted = quotedOf(quote, line.productId);
        const error = errors.get(line.productId);
        return (
          <div className="cell-product">
            <ProductLabel name={line.productName} producerName={line.producerName} />
            {quoted.positions.map((p) => (
              <span key={p.batchId} className="cell-muted">
                {t('labels.batchLine', { series: p.series, expiry: formatDate(p.expiryDate), quantity: p.quantity })}
              </span>
            ))}
            {error ? (
              <Typography.Text type="danger" role="alert">
                {error}
              </Typography.Text>
            ) : null}
          </div>
        );
      },
    },
    {
      key: 'quantity',
      title: t('columns.quantity'),
      width: 190,
      render: (_, line) => (
        <QuantityStepper
          value={line.quantity}
          min={1}
          max={line.free ?? maxLineQuantity}
          label={t('fields.quantityOf', { name: line.productName })}
          onChange={(quantity) => update(line.productId, { quantity })}
        />
      ),
    },
    ...(showMarkup
      ? [
          {
            key: 'markup',
            title: t('columns.markupPercent'),
            width: 120,
            render: (_: unknown, line: DraftLine) => (
              <InputNumber<number>
                aria-label={t('fields.markupOf', { name: line.productName })}
                value={line.markupPercent ?? null}
                placeholder={formatPercent(quotedOf(quote, line.productId).positions[0]?.markupPercent ?? null)}
                min={0}
                max={maxMarkupPercent}
                precision={2}
                style={{ width: '100%' }}
                onChange={(value) => update(line.productId, { markupPercent: typeof value === 'number' ? value : null })}
              />
            ),
          },
        ]
      : []),
    {
      key: 'salePrice',
      title: moneyTitle(t('columns.salePrice')),
      align: 'right',
      render: (_, line) => {
        const prices = [...new Set(quotedOf(quote, line.productId).positions.map((p) => p.salePrice))];
        return prices.length ? prices.map((p) => formatMoney(p)).join(' / ') : '—';
      },
    },
    {
      key: 'sum',
      title: moneyTitle(t('columns.sumSale')),
      align: 'right',
      render: (_, line) => <Money value={quotedOf(quote, line.productId).sumSale} strong />,
    },
    {
      key: 'remove',
      width: 56,
      render: (_, line) => (
        <Popconfirm title={t('messages.confirmRemoveDrug')} onConfirm={() => onChange(lines.filter((l) => l.productId !== line.productId))}>
          <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('actions.removeDrugOf', { name: line.productName })} />
        </Popconfirm>
      ),
    },
  ];

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Button icon={<PlusOutlined />} onClick={() => setPicking(true)}>
          {t('actions.addDrugs')}
        </Button>
        <Spin spinning={quoting} size="small" />
      </Flex>
      {lines.length === 0 ? (
        <EmptyState description={t('messages.noDrugs')} />
      ) : narrow ? (
        <Flex vertical gap={8} data-testid="order-lines">
          {lines.map((line) => {
            const quoted = quotedOf(quote, line.productId);
            const error = errors.get(line.productId);
            return (
              <div key={line.productId} className="order-line">
                <Flex justify="space-between" align="flex-start" gap={8}>
                  <span className="visit-item__name">
                    <ProductLabel name={line.productName} producerName={line.producerName} />
                  </span>
                  <Popconfirm title={t('messages.confirmRemoveDrug')} onConfirm={() => onChange(lines.filter((l) => l.productId !== line.productId))}>
                    <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('actions.removeDrugOf', { name: line.productName })} />
                  </Popconfirm>
                </Flex>
                {quoted.positions.map((p) => (
                  <div key={p.batchId} className="cell-muted">
                    {t('labels.batchLine', { series: p.series, expiry: formatDate(p.expiryDate), quantity: p.quantity })}
                  </div>
                ))}
                <Flex justify="space-between" align="center" gap={8} style={{ marginTop: 6 }}>
                  <QuantityStepper
                    value={line.quantity}
                    min={1}
                    max={line.free ?? maxLineQuantity}
                    label={t('fields.quantityOf', { name: line.productName })}
                    onChange={(quantity) => update(line.productId, { quantity })}
                  />
                  <Money value={quoted.sumSale} strong />
                </Flex>
                {error ? (
                  <Typography.Text type="danger" role="alert">
                    {error}
                  </Typography.Text>
                ) : null}
              </div>
            );
          })}
        </Flex>
      ) : (
        <Table<DraftLine>
          size="small"
          rowKey="productId"
          columns={columns}
          dataSource={lines}
          pagination={false}
          scroll={{ x: 720 }}
          data-testid="order-lines"
        />
      )}
      {generalError ? <Alert type="error" showIcon title={generalError} /> : null}
      <Flex gap={32} wrap data-testid="order-totals">
        <Statistic title={moneyTitle(t('columns.sumBaseWithVat'))} value={quote ? formatMoney(quote.sumBaseWithVat) : '—'} />
        <Statistic title={moneyTitle(t('columns.sumSale'))} value={quote ? formatMoney(quote.sumSale) : '—'} />
        <Statistic
          title={moneyTitle(quote ? t('columns.prepaymentOf', { percent: formatPercent(quote.prepaymentPercent) }) : t('columns.prepayment'))}
          value={quote ? formatMoney(quote.prepaymentAmount) : '—'}
        />
      </Flex>
      <Modal
        open={picking}
        title={t('nav:titles.addDrugs')}
        width={860}
        onCancel={() => setPicking(false)}
        footer={<Button onClick={() => setPicking(false)}>{t('actions.done')}</Button>}
        destroyOnHidden
      >
        <StockPicker added={new Set(lines.map((l) => l.productId))} onAdd={(line) => onChange(addLine(lines, line))} />
      </Modal>
    </Flex>
  );
}
