import type { TableProps } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Income, Paged } from '@pharma/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { DataTable, usePagination } from '../../../components/data-table';
import { Money, useMoneyTitle } from '../../../components/money';
import { sortable, sortParam } from '../../../components/sort';
import { hrefOf } from '../../../lib/paths';
import { formatDate, formatNumber } from '../../../lib/format';

interface Props {
  query: UseQueryResult<Paged<Income>>;
  page: number;
  size: number;
  sort: string | undefined;
  onChange: (patch: { page?: number; size?: number; sort?: string }) => void;
}

/** Income documents: number, date, warehouse, supplier, rows, quantity and sums. */
export function IncomesTable({ query, page, size, sort, onChange }: Props) {
  const { t } = useTranslation(['incomes', 'stock']);
  const moneyTitle = useMoneyTitle();
  const pagination = usePagination(page, size, query.data?.total, (p, s) => onChange(s !== size ? { page: 1, size: s } : { page: p }));
  const columns: TableProps<Income>['columns'] = [
    {
      key: 'number',
      title: t('stock:columns.incomeNumber'),
      ...sortable(sort, 'number'),
      render: (_, r) => (
        <Link className="nowrap" to={hrefOf('incomeItem', { id: r.id })}>
          {r.number}
        </Link>
      ),
    },
    { key: 'date', title: t('stock:columns.date'), ...sortable(sort, 'date'), render: (_, r) => <span className="nowrap">{formatDate(r.date)}</span> },
    { key: 'warehouse', dataIndex: 'warehouseName', title: t('stock:columns.warehouseName'), responsive: ['md'] },
    {
      key: 'supplier',
      title: t('stock:columns.supplier'),
      render: (_, r) => (
        <div className="cell-product">
          <span>{r.supplier}</span>
          {r.supplierInvoice ? <span className="cell-muted">{r.supplierInvoice}</span> : null}
        </div>
      ),
    },
    { key: 'lineCount', title: t('fields.lineCount.label'), align: 'right', responsive: ['lg'], render: (_, r) => formatNumber(r.lineCount) },
    { key: 'quantity', title: t('stock:columns.quantity'), align: 'right', responsive: ['sm'], render: (_, r) => formatNumber(r.quantity) },
    {
      key: 'sumBaseWithVat',
      title: moneyTitle(t('stock:columns.sumBaseWithVat')),
      align: 'right',
      responsive: ['lg'],
      render: (_, r) => <Money value={r.sumBaseWithVat} />,
    },
    {
      key: 'sumSale',
      title: moneyTitle(t('stock:columns.sumSale')),
      align: 'right',
      ...sortable(sort, 'sumSale'),
      render: (_, r) => <Money value={r.sumSale} strong />,
    },
    { key: 'createdBy', dataIndex: 'createdByName', title: t('fields.createdBy.label'), responsive: ['xl'] },
  ];
  return (
    <DataTable<Income>
      query={query}
      rows={query.data?.items}
      rowKey="id"
      columns={columns}
      pagination={pagination}
      scroll={{ x: true }}
      emptyText={t('messages.noIncomes')}
      onChange={(_p, _f, sorter, extra) => {
        if (extra.action === 'sort') onChange({ sort: sortParam(sorter) });
      }}
    />
  );
}
