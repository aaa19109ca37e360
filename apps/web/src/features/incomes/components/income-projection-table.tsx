import type { TableProps } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { businessDate, daysToExpiry, type IncomeProjectionRow, type Paged } from '@pharma/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { DataTable, usePagination } from '../../../components/data-table';
import { Money, useMoneyTitle } from '../../../components/money';
import { sortable, sortParam } from '../../../components/sort';
import { hrefOf } from '../../../lib/paths';
import { formatDate, formatNumber } from '../../../lib/format';
import { ExpiryCell, stockRowClass } from '../../stock';

interface Props {
  query: UseQueryResult<Paged<IncomeProjectionRow>>;
  page: number;
  size: number;
  sort: string | undefined;
  onChange: (patch: { page?: number; size?: number; sort?: string }) => void;
}

/** Every received position with its document (GET /api/incomes/all-projection). */
export function IncomeProjectionTable({ query, page, size, sort, onChange }: Props) {
  const { t } = useTranslation(['incomes', 'stock']);
  const moneyTitle = useMoneyTitle();
  const today = businessDate();
  const pagination = usePagination(page, size, query.data?.total, (p, s) => onChange(s !== size ? { page: 1, size: s } : { page: p }));
  const columns: TableProps<IncomeProjectionRow>['columns'] = [
    { key: 'date', title: t('stock:columns.date'), ...sortable(sort, 'date'), render: (_, r) => <span className="nowrap">{formatDate(r.date)}</span> },
    {
      key: 'income',
      title: t('stock:columns.incomeNumber'),
      render: (_, r) => (
        <div className="cell-product">
          <Link className="nowrap" to={hrefOf('incomeItem', { id: r.incomeId })}>
            {r.incomeNumber}
          </Link>
          <span className="cell-muted">
            {r.warehouseName} · {r.supplier}
          </span>
        </div>
      ),
    },
    {
      key: 'product',
      title: t('stock:columns.productName'),
      render: (_, r) => (
        <div className="cell-product">
          <span className="cell-product__name">{r.productName}</span>
          <span className="cell-muted">{r.producerName}</span>
        </div>
      ),
    },
    { key: 'series', title: t('stock:columns.series'), render: (_, r) => <span className="mono nowrap">{r.series}</span> },
    {
      key: 'expiryDate',
      title: t('stock:columns.expiryDate'),
      ...sortable(sort, 'expiryDate'),
      render: (_, r) => <ExpiryCell expiryDate={r.expiryDate} daysToExpiry={daysToExpiry(r.expiryDate, today)} state={r.state} tag />,
    },
    { key: 'quantity', title: t('stock:columns.quantity'), align: 'right', render: (_, r) => formatNumber(r.quantity) },
    { key: 'basePrice', title: moneyTitle(t('stock:columns.basePrice')), align: 'right', responsive: ['xxl'], render: (_, r) => <Money value={r.basePrice} /> },
    {
      key: 'basePriceWithVat',
      title: moneyTitle(t('stock:columns.basePriceWithVat')),
      align: 'right',
      responsive: ['xxl'],
      render: (_, r) => <Money value={r.basePriceWithVat} />,
    },
    { key: 'salePrice', title: moneyTitle(t('stock:columns.salePrice')), align: 'right', render: (_, r) => <Money value={r.salePrice} /> },
    { key: 'sumSale', title: moneyTitle(t('stock:columns.sumSale')), align: 'right', responsive: ['xxl'], render: (_, r) => <Money value={r.sumSale} /> },
    { key: 'free', title: t('stock:columns.free'), align: 'right', render: (_, r) => formatNumber(r.free) },
  ];
  return (
    <DataTable<IncomeProjectionRow>
      query={query}
      rows={query.data?.items}
      rowKey="batchId"
      columns={columns}
      pagination={pagination}
      scroll={{ x: true }}
      emptyText={t('messages.noIncomes')}
      rowClassName={(r) => stockRowClass(r.state)}
      onChange={(_p, _f, sorter, extra) => {
        if (extra.action === 'sort') onChange({ sort: sortParam(sorter) });
      }}
    />
  );
}
