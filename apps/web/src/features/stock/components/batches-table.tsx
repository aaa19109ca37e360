import type { TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Batch, Paged } from '@pharma/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { DataTable, usePagination } from '../../../components/data-table';
import { Money, useMoneyTitle } from '../../../components/money';
import { sortable, sortParam } from '../../../components/sort';
import { formatNumber } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { BatchActions } from './batch-actions';
import { ExpiryCell, stockRowClass } from './stock-state-tag';
import { ProductLabel } from '../../catalog';

export type BatchColumn = 'warehouse' | 'income' | 'reserved' | 'onHand' | 'salePrice' | 'actions';

interface Props {
  query: UseQueryResult<Paged<Batch>>;
  page: number;
  size: number;
  sort: string | undefined;
  onChange: (patch: { page?: number; size?: number; sort?: string }) => void;
  emptyText?: string;
  /** columns left out (a list that is about one warehouse, or read-only) */
  hide?: BatchColumn[];
  sortFields?: readonly string[];
}

/** Batches with balances: on hand, reserved, free; series and expiry with the short-dated / expired highlight. */
export function BatchesTable({
  query,
  page,
  size,
  sort,
  onChange,
  emptyText,
  hide = [],
  sortFields = ['productName', 'series', 'expiryDate', 'onHand', 'free'],
}: Props) {
  const { t } = useTranslation('stock');
  const moneyTitle = useMoneyTitle();
  const pagination = usePagination(page, size, query.data?.total, (p, s) => onChange(s !== size ? { page: 1, size: s } : { page: p }));
  const sortOf = (field: string) => (sortFields.includes(field) ? sortable(sort, field) : {});
  const canEdit = useCan('stock.edit');
  const canDelete = useCan('stock.delete');
  const canAct = canEdit || canDelete;
  const shown = (c: BatchColumn) => !hide.includes(c) && (c !== 'actions' || canAct);

  const columns: TableProps<Batch>['columns'] = [
    {
      key: 'productName',
      title: t('stock:columns.productName'),
      ...sortOf('productName'),
      render: (_, b) => (
        <div className="cell-product">
          <ProductLabel
            strong
            name={b.productName}
            producerName={b.producerName}
            extra={[shown('warehouse') ? b.warehouseName : null, t(`enums:unitOfMeasure.${b.unit}`)].filter(Boolean).join(' · ')}
          />
        </div>
      ),
    },
    { key: 'series', title: t('stock:columns.series'), ...sortOf('series'), render: (_, b) => <span className="mono nowrap">{b.series}</span> },
    {
      key: 'expiryDate',
      title: t('stock:columns.expiryDate'),
      ...sortOf('expiryDate'),
      render: (_, b) => <ExpiryCell expiryDate={b.expiryDate} daysToExpiry={b.daysToExpiry} state={b.state} tag reason={b.statusReason} />,
    },
    ...(shown('onHand')
      ? [
          {
            key: 'onHand',
            title: t('stock:columns.onHand'),
            align: 'right' as const,
            ...sortOf('onHand'),
            render: (_: unknown, b: Batch) => formatNumber(b.onHand),
          },
        ]
      : []),
    ...(shown('reserved')
      ? [
          {
            key: 'reserved',
            title: t('stock:columns.reserved'),
            align: 'right' as const,
            responsive: ['sm' as const],
            render: (_: unknown, b: Batch) => formatNumber(b.reserved),
          },
        ]
      : []),
    {
      key: 'free',
      title: t('stock:columns.free'),
      align: 'right',
      ...sortOf('free'),
      render: (_, b) => <strong className="nowrap">{formatNumber(b.free)}</strong>,
    },
    ...(shown('salePrice')
      ? [
          {
            key: 'salePrice',
            title: moneyTitle(t('stock:columns.salePrice')),
            align: 'right' as const,
            responsive: ['xxl' as const],
            render: (_: unknown, b: Batch) => <Money value={b.salePrice} />,
          },
        ]
      : []),
    ...(shown('income')
      ? [
          {
            key: 'income',
            title: t('stock:columns.incomeNumber'),
            responsive: ['xxl' as const],
            render: (_: unknown, b: Batch) => <span className="nowrap cell-muted">{b.incomeNumber}</span>,
          },
        ]
      : []),
  ];
  if (shown('actions')) {
    columns.push({
      key: 'actions',
      width: 48,
      align: 'right',
      fixed: 'right',
      title: <span className="sr-only">{t('common:fields.actions.label')}</span>,
      render: (_, b) => <BatchActions batch={b} />,
    });
  }

  return (
    <DataTable<Batch>
      query={query}
      rows={query.data?.items}
      rowKey="id"
      columns={columns}
      pagination={pagination}
      scroll={{ x: true }}
      emptyText={emptyText}
      rowClassName={(b) => stockRowClass(b.state)}
      onChange={(_p, _f, sorter, extra) => {
        if (extra.action === 'sort') onChange({ sort: sortParam(sorter) });
      }}
    />
  );
}
