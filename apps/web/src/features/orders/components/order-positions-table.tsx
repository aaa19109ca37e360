import { Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Order, OrderPosition } from '@pharma/contracts';
import { Money, useMoneyTitle } from '../../../components/money';
import { formatDate, formatNumber, formatPercent } from '../../../lib/format';

/** The order's positions as spec §3 lists them, with a totals row (the order's own totals, which always agree). */
export function OrderPositionsTable({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const moneyTitle = useMoneyTitle();
  const columns: TableProps<OrderPosition>['columns'] = [
    { key: 'product', dataIndex: 'productName', title: t('columns.product'), fixed: 'left', width: 200 },
    { key: 'producer', title: t('columns.producer'), render: (_, r) => r.producerName ?? '—' },
    { key: 'country', title: t('columns.country'), render: (_, r) => r.country ?? '—' },
    { key: 'series', dataIndex: 'series', title: t('columns.series') },
    { key: 'expiry', title: t('columns.expiry'), render: (_, r) => <span className="nowrap">{formatDate(r.expiryDate)}</span> },
    { key: 'free', title: t('columns.freeBalance'), align: 'right', render: (_, r) => formatNumber(r.freeBalance) },
    { key: 'quantity', title: t('columns.quantity'), align: 'right', render: (_, r) => formatNumber(r.quantity) },
    { key: 'basePrice', title: moneyTitle(t('columns.basePrice')), align: 'right', render: (_, r) => <Money value={r.basePrice} /> },
    { key: 'basePriceWithVat', title: moneyTitle(t('columns.basePriceWithVat')), align: 'right', render: (_, r) => <Money value={r.basePriceWithVat} /> },
    { key: 'markup', title: t('columns.markupPercent'), align: 'right', render: (_, r) => formatPercent(r.markupPercent) },
    { key: 'vat', title: t('columns.vatPercent'), align: 'right', render: (_, r) => formatPercent(r.vatPercent) },
    { key: 'salePrice', title: moneyTitle(t('columns.salePrice')), align: 'right', render: (_, r) => <Money value={r.salePrice} /> },
    { key: 'sumBaseWithVat', title: moneyTitle(t('columns.sumBaseWithVat')), align: 'right', render: (_, r) => <Money value={r.sumBaseWithVat} /> },
    { key: 'sumSale', title: moneyTitle(t('columns.sumSale')), align: 'right', render: (_, r) => <Money value={r.sumSale} strong /> },
  ];
  const quantity = order.positions.reduce((sum, p) => sum + p.quantity, 0);
  return (
    <Table<OrderPosition>
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={order.positions}
      pagination={false}
      scroll={{ x: 1500 }}
      summary={() => (
        <Table.Summary.Row className="table-total">
          <Table.Summary.Cell index={0} colSpan={6}>
            <strong>{t('columns.total')}</strong>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={6} align="right">
            <strong>{formatNumber(quantity)}</strong>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={7} colSpan={5} />
          <Table.Summary.Cell index={12} align="right">
            <Money value={order.sumBaseWithVat} strong />
          </Table.Summary.Cell>
          <Table.Summary.Cell index={13} align="right">
            <Money value={order.sumSale} strong />
          </Table.Summary.Cell>
        </Table.Summary.Row>
      )}
    />
  );
}
