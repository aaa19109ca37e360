import type { TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Paged, WriteOff } from '@pharma/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { DataTable, usePagination } from '../../../components/data-table';
import { Money, useMoneyTitle } from '../../../components/money';
import { sortable, sortParam } from '../../../components/sort';
import { formatDate, formatDateTime, formatNumber } from '../../../lib/format';
import { WriteOffReasonTag } from './write-off-reason-tag';
import { ProductLabel } from '../../catalog';

interface Props {
  query: UseQueryResult<Paged<WriteOff>>;
  page: number;
  size: number;
  sort: string | undefined;
  onChange: (patch: { page?: number; size?: number; sort?: string }) => void;
}

/** Removed-stock records: when, what (product, series, expiry, warehouse), how much, why, who. */
export function WriteOffsTable({ query, page, size, sort, onChange }: Props) {
  const { t } = useTranslation('stock');
  const moneyTitle = useMoneyTitle();
  const pagination = usePagination(page, size, query.data?.total, (p, s) => onChange(s !== size ? { page: 1, size: s } : { page: p }));
  const columns: TableProps<WriteOff>['columns'] = [
    {
      key: 'createdAt',
      title: t('fields.writtenOffAt.label'),
      ...sortable(sort, 'createdAt'),
      render: (_, w) => <span className="nowrap">{formatDateTime(w.createdAt)}</span>,
    },
    {
      key: 'productName',
      title: t('stock:columns.productName'),
      ...sortable(sort, 'productName'),
      render: (_, w) => (
        <div className="cell-product">
          <ProductLabel strong name={w.productName} producerName={w.producerName} />
        </div>
      ),
    },
    { key: 'series', title: t('stock:columns.series'), render: (_, w) => <span className="mono nowrap">{w.series}</span> },
    {
      key: 'expiryDate',
      title: t('stock:columns.expiryDate'),
      responsive: ['xl'],
      render: (_, w) => <span className="nowrap">{formatDate(w.expiryDate)}</span>,
    },
    { key: 'warehouse', dataIndex: 'warehouseName', title: t('stock:columns.warehouseName'), responsive: ['lg'] },
    {
      key: 'quantity',
      title: t('stock:columns.quantity'),
      align: 'right',
      ...sortable(sort, 'quantity'),
      render: (_, w) => <strong>{formatNumber(w.quantity)}</strong>,
    },
    {
      key: 'reason',
      title: t('stock:columns.reason'),
      render: (_, w) => (
        <div className="cell-reason">
          <WriteOffReasonTag reason={w.reason} />
          {w.comment ? <span className="cell-muted">{w.comment}</span> : null}
        </div>
      ),
    },
    {
      key: 'sum',
      title: moneyTitle(t('stock:columns.sumBaseWithVat')),
      align: 'right',
      responsive: ['xxl'],
      render: (_, w) => <Money value={w.sumBaseWithVat} />,
    },
    { key: 'createdBy', dataIndex: 'createdByName', title: t('stock:columns.createdBy'), responsive: ['md'] },
  ];
  return (
    <DataTable<WriteOff>
      query={query}
      rows={query.data?.items}
      rowKey="id"
      columns={columns}
      pagination={pagination}
      scroll={{ x: true }}
      emptyText={t('messages.noWriteOffs')}
      onChange={(_p, _f, sorter, extra) => {
        if (extra.action === 'sort') onChange({ sort: sortParam(sorter) });
      }}
    />
  );
}
