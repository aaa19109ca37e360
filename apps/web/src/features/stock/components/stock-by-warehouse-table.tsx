import { Button, Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StockByWarehouseRow } from '@pharma/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { DataTable } from '../../../components/data-table';
import { Money, useMoneyTitle } from '../../../components/money';
import { formatNumber } from '../../../lib/format';

/** Stock by warehouse: totals per warehouse and the value at base price with VAT. */
export function StockByWarehouseTable({ query, onOpen }: { query: UseQueryResult<StockByWarehouseRow[]>; onOpen: (warehouseId: number) => void }) {
  const { t } = useTranslation('stock');
  const moneyTitle = useMoneyTitle();
  const rows = query.data ?? [];
  const sum = (key: keyof StockByWarehouseRow) => rows.reduce((total, r) => total + Number(r[key]), 0);

  const columns: TableProps<StockByWarehouseRow>['columns'] = [
    {
      key: 'warehouseName',
      title: t('stock:columns.warehouseName'),
      render: (_, r) => (
        <Button type="link" size="small" className="link-cell" onClick={() => onOpen(r.warehouseId)}>
          {r.warehouseName}
        </Button>
      ),
    },
    { key: 'productCount', title: t('fields.productCount.label'), align: 'right', render: (_, r) => formatNumber(r.productCount) },
    { key: 'batchCount', title: t('fields.batchCount.label'), align: 'right', render: (_, r) => formatNumber(r.batchCount) },
    { key: 'onHand', title: t('stock:columns.onHand'), align: 'right', render: (_, r) => formatNumber(r.onHand) },
    { key: 'reserved', title: t('stock:columns.reserved'), align: 'right', render: (_, r) => formatNumber(r.reserved) },
    { key: 'free', title: t('stock:columns.free'), align: 'right', render: (_, r) => <strong>{formatNumber(r.free)}</strong> },
    {
      key: 'shortDatedFree',
      title: t('fields.shortDatedFree.label'),
      align: 'right',
      render: (_, r) => <span className={r.shortDatedFree ? 'text-short-dated' : 'cell-muted'}>{formatNumber(r.shortDatedFree)}</span>,
    },
    {
      key: 'expiredOnHand',
      title: t('fields.expiredOnHand.label'),
      align: 'right',
      render: (_, r) => <span className={r.expiredOnHand ? 'text-expired' : 'cell-muted'}>{formatNumber(r.expiredOnHand)}</span>,
    },
    { key: 'blockedOnHand', title: t('fields.blockedOnHand.label'), align: 'right', render: (_, r) => formatNumber(r.blockedOnHand) },
    { key: 'value', title: moneyTitle(t('fields.stockValue.label')), align: 'right', render: (_, r) => <Money value={r.valueBaseWithVat} /> },
  ];

  return (
    <DataTable<StockByWarehouseRow>
      query={query}
      rows={rows}
      rowKey="warehouseId"
      columns={columns}
      pagination={false}
      scroll={{ x: true }}
      summary={() =>
        rows.length > 1 ? (
          <DataTableTotals
            label={t('fields.total.label')}
            cells={[null, sum('batchCount'), sum('onHand'), sum('reserved'), sum('free'), sum('shortDatedFree'), sum('expiredOnHand'), sum('blockedOnHand')]}
            money={sum('valueBaseWithVat')}
          />
        ) : null
      }
    />
  );
}

function DataTableTotals({ label, cells, money }: { label: string; cells: (number | null)[]; money: number }) {
  return (
    <Table.Summary.Row className="row-total">
      <Table.Summary.Cell index={0}>{label}</Table.Summary.Cell>
      {cells.map((v, i) => (
        <Table.Summary.Cell key={i} index={i + 1} align="right">
          {v === null ? null : formatNumber(v)}
        </Table.Summary.Cell>
      ))}
      <Table.Summary.Cell index={cells.length + 1} align="right">
        <Money value={money} />
      </Table.Summary.Cell>
    </Table.Summary.Row>
  );
}
