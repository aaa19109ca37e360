import { Button, Tooltip, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Paged, StockByProductRow } from '@pharma/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { DataTable, usePagination } from '../../../components/data-table';
import { sortable, sortParam } from '../../../components/sort';
import { formatDate, formatNumber } from '../../../lib/format';
import { ProductLabel } from '../../catalog';

interface Props {
  query: UseQueryResult<Paged<StockByProductRow>>;
  page: number;
  size: number;
  sort: string | undefined;
  onChange: (patch: { page?: number; size?: number; sort?: string }) => void;
  onOpen: (productId: number) => void;
  emptyText?: string;
}

/** Stock by product: batches, on hand, reserved, free, of which short-dated, expired and blocked, nearest expiry. */
export function StockByProductTable({ query, page, size, sort, onChange, onOpen, emptyText }: Props) {
  const { t } = useTranslation('stock');
  const pagination = usePagination(page, size, query.data?.total, (p, s) => onChange(s !== size ? { page: 1, size: s } : { page: p }));
  const n = (v: number) => (v ? formatNumber(v) : <span className="cell-muted">0</span>);

  const columns: TableProps<StockByProductRow>['columns'] = [
    {
      key: 'productName',
      title: t('stock:columns.productName'),
      ...sortable(sort, 'productName'),
      render: (_, r) => (
        <div className="cell-product">
          <Tooltip title={t('actions.showBatches')}>
            <Button type="link" size="small" className="link-cell" onClick={() => onOpen(r.productId)}>
              <ProductLabel name={r.productName} producerName={r.producerName} extra={t(`enums:unitOfMeasure.${r.unit}`)} />
            </Button>
          </Tooltip>
        </div>
      ),
    },
    { key: 'batchCount', title: t('fields.batchCount.label'), align: 'right', responsive: ['lg'], render: (_, r) => formatNumber(r.batchCount) },
    {
      key: 'onHand',
      title: t('stock:columns.onHand'),
      align: 'right',
      responsive: ['sm'],
      ...sortable(sort, 'onHand'),
      render: (_, r) => formatNumber(r.onHand),
    },
    { key: 'reserved', title: t('stock:columns.reserved'), align: 'right', responsive: ['sm'], render: (_, r) => n(r.reserved) },
    {
      key: 'free',
      title: t('stock:columns.free'),
      align: 'right',
      ...sortable(sort, 'free'),
      render: (_, r) => <strong className="nowrap">{formatNumber(r.free)}</strong>,
    },
    {
      key: 'shortDatedFree',
      title: t('fields.shortDatedFree.label'),
      align: 'right',
      responsive: ['md'],
      render: (_, r) => (r.shortDatedFree ? <span className="text-short-dated">{formatNumber(r.shortDatedFree)}</span> : n(0)),
    },
    {
      key: 'expiredOnHand',
      title: t('fields.expiredOnHand.label'),
      align: 'right',
      responsive: ['xl'],
      render: (_, r) => (r.expiredOnHand ? <span className="text-expired">{formatNumber(r.expiredOnHand)}</span> : n(0)),
    },
    { key: 'blockedOnHand', title: t('fields.blockedOnHand.label'), align: 'right', responsive: ['xxl'], render: (_, r) => n(r.blockedOnHand) },
    {
      key: 'nearestExpiry',
      title: t('fields.nearestExpiry.label'),
      ...sortable(sort, 'nearestExpiry'),
      render: (_, r) =>
        r.nearestExpiry ? (
          <span className={`nowrap${r.shortDated ? ' text-short-dated' : ''}`}>{formatDate(r.nearestExpiry)}</span>
        ) : (
          <span className="cell-muted">—</span>
        ),
    },
  ];

  return (
    <DataTable<StockByProductRow>
      query={query}
      rows={query.data?.items}
      rowKey="productId"
      columns={columns}
      pagination={pagination}
      scroll={{ x: true }}
      emptyText={emptyText}
      rowClassName={(r) => (r.shortDated ? 'row-state row-state--shortDated' : r.free === 0 && r.expiredOnHand > 0 ? 'row-state row-state--expired' : '')}
      onChange={(_p, _f, sorter, extra) => {
        if (extra.action === 'sort') onChange({ sort: sortParam(sorter) });
      }}
    />
  );
}
