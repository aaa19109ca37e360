import { useState } from 'react';
import { Button, Flex, Table, Tag, Tooltip, type TableProps } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { maxLineQuantity, type StockByProductRow } from '@pharma/contracts';
import { usePagination } from '../../../components/data-table';
import { SearchInput } from '../../../components/search-input';
import { QueryError } from '../../../components/query-error';
import { formatDate, formatNumber } from '../../../lib/format';
import { useStockByProduct } from '../../stock';
import { QuantityStepper } from '../../../components/quantity-stepper';
import type { DraftLine } from '../order-lines';
import { ProductLabel } from '../../catalog';

/**
 * /add-drugs: drugs from stock with their free balance and nearest expiry, a counter each (never above
 * the free balance) and "Add"; a drug already in the order shows so and cannot be added twice.
 */
export function StockPicker({ added, onAdd }: { added: ReadonlySet<number>; onAdd: (line: DraftLine) => void }) {
  const { t } = useTranslation('orders');
  const [q, setQ] = useState('');
  const [page, setPage] = useState({ page: 1, size: 25 });
  const [counts, setCounts] = useState<Record<number, number | null>>({});
  const stock = useStockByProduct({ q: q || undefined, onlyAvailable: 'true', sort: 'productName', ...page });
  const pagination = usePagination(page.page, page.size, stock.data?.total, (p, s) => setPage(s !== page.size ? { page: 1, size: s } : { page: p, size: s }));

  const columns: TableProps<StockByProductRow>['columns'] = [
    {
      key: 'product',
      title: t('columns.product'),
      render: (_, r) => (
        <div className="cell-product">
          <ProductLabel name={r.productName} producerName={r.producerName} />
        </div>
      ),
    },
    { key: 'free', title: t('columns.freeBalance'), align: 'right', render: (_, r) => formatNumber(r.free) },
    {
      key: 'expiry',
      title: t('columns.nearestExpiry'),
      render: (_, r) => (
        <span className="nowrap">
          {formatDate(r.nearestExpiry)} {r.shortDated ? <Tag color="warning">{t('labels.shortDated')}</Tag> : null}
        </span>
      ),
    },
    {
      key: 'count',
      title: t('columns.quantity'),
      width: 220,
      render: (_, r) =>
        added.has(r.productId) ? (
          <Tag color="success">{t('labels.inOrder')}</Tag>
        ) : (
          <Flex gap={8} align="center">
            <QuantityStepper
              value={counts[r.productId] ?? 1}
              min={1}
              max={Math.min(r.free, maxLineQuantity)}
              label={t('fields.quantityOf', { name: r.productName })}
              onChange={(value) => setCounts((c) => ({ ...c, [r.productId]: value }))}
            />
            <Tooltip title={t('actions.addDrug')}>
              <Button
                type="primary"
                icon={<PlusOutlined />}
                aria-label={t('actions.addDrugOf', { name: r.productName })}
                disabled={!(counts[r.productId] ?? 1)}
                onClick={() =>
                  onAdd({ productId: r.productId, productName: r.productName, producerName: r.producerName, quantity: counts[r.productId] ?? 1, free: r.free })
                }
              />
            </Tooltip>
          </Flex>
        ),
    },
  ];

  return (
    <Flex vertical gap={12}>
      <SearchInput
        value={q}
        label={t('filters.searchDrug')}
        onSearch={(value) => {
          setQ(value ?? '');
          setPage((p) => ({ ...p, page: 1 }));
        }}
      />
      {stock.isError ? (
        <QueryError error={stock.error} onRetry={() => void stock.refetch()} retrying={stock.isFetching} />
      ) : (
        <Table<StockByProductRow>
          size="small"
          rowKey="productId"
          columns={columns}
          dataSource={stock.data?.items}
          loading={stock.isFetching}
          pagination={pagination as TableProps<StockByProductRow>['pagination']}
          scroll={{ x: 640 }}
          locale={{ emptyText: t('messages.noStock') }}
        />
      )}
    </Flex>
  );
}
