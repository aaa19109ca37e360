import { Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { businessDate, daysToExpiry, type IncomeDetail, type IncomeLine } from '@pharma/contracts';
import { Money, useMoneyTitle } from '../../../components/money';
import { formatNumber, formatPercent } from '../../../lib/format';
import { ExpiryCell, stockRowClass } from '../../stock';

const daysTo = (expiryDate: string) => daysToExpiry(expiryDate, businessDate());

/** The received positions of one income with their prices, sums and today's balances. */
export function IncomeLinesTable({ income }: { income: IncomeDetail }) {
  const { t } = useTranslation(['incomes', 'stock']);
  const moneyTitle = useMoneyTitle();
  const columns: TableProps<IncomeLine>['columns'] = [
    { key: 'n', title: '№', width: 40, render: (_, _l, i) => <span className="cell-muted">{i + 1}</span> },
    {
      key: 'product',
      title: t('stock:columns.productName'),
      render: (_, l) => (
        <div className="cell-product">
          <span className="cell-product__name">{l.productName}</span>
          <span className="cell-muted">
            {l.producerName} · {t(`enums:unitOfMeasure.${l.unit}`)}
            {l.barcode ? ` · ${l.barcode}` : ''}
          </span>
        </div>
      ),
    },
    { key: 'series', title: t('stock:columns.series'), render: (_, l) => <span className="mono nowrap">{l.series}</span> },
    ...(income.lines.some((l) => l.serialNumber) ? [{ key: 'serialNumber', dataIndex: 'serialNumber', title: t('stock:columns.serialNumber') }] : []),
    {
      key: 'expiryDate',
      title: t('stock:columns.expiryDate'),
      render: (_, l) => <ExpiryCell expiryDate={l.expiryDate} daysToExpiry={daysTo(l.expiryDate)} state={l.state} tag />,
    },
    { key: 'quantity', title: t('stock:columns.quantity'), align: 'right', render: (_, l) => formatNumber(l.quantity) },
    { key: 'basePrice', title: moneyTitle(t('stock:columns.basePrice')), align: 'right', render: (_, l) => <Money value={l.basePrice} /> },
    {
      key: 'vatPercent',
      title: t('stock:columns.vatPercent'),
      align: 'right',
      responsive: ['xxl'],
      render: (_, l) => <span className="nowrap">{formatPercent(l.vatPercent)}</span>,
    },
    {
      key: 'basePriceWithVat',
      title: moneyTitle(t('stock:columns.basePriceWithVat')),
      align: 'right',
      responsive: ['xl'],
      render: (_, l) => <Money value={l.basePriceWithVat} />,
    },
    {
      key: 'markupPercent',
      title: t('stock:columns.markupPercent'),
      align: 'right',
      responsive: ['xxl'],
      render: (_, l) => <span className="nowrap">{formatPercent(l.markupPercent)}</span>,
    },
    { key: 'salePrice', title: moneyTitle(t('stock:columns.salePrice')), align: 'right', render: (_, l) => <Money value={l.salePrice} strong /> },
    { key: 'sumSale', title: moneyTitle(t('stock:columns.sumSale')), align: 'right', responsive: ['lg'], render: (_, l) => <Money value={l.sumSale} /> },
    { key: 'free', title: t('stock:columns.free'), align: 'right', render: (_, l) => formatNumber(l.free) },
  ];
  return (
    <Table<IncomeLine>
      size="small"
      rowKey="batchId"
      dataSource={income.lines}
      columns={columns}
      pagination={false}
      scroll={{ x: true }}
      rowClassName={(l) => stockRowClass(l.state)}
    />
  );
}
