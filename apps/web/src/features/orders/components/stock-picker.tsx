import { useMemo, useState } from 'react';
import { Button, Flex, Table, Tag, Tooltip, Typography, type TableProps } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { maxLineQuantity, type StockByProductRow } from '@pharma/contracts';
import { useOnline } from '../../../lib/connection';
import { usePagination } from '../../../components/data-table';
import { SearchInput } from '../../../components/search-input';
import { QueryError } from '../../../components/query-error';
import { formatDate, formatMoney, formatNumber } from '../../../lib/format';
import { useMoneyTitle } from '../../../components/money';
import { keptStockByProduct, useKeptStock, useStockByProduct, type KeptProductStock } from '../../stock';
import { QuantityStepper } from '../../../components/quantity-stepper';
import type { DraftLine } from '../order-lines';
import { ProductLabel } from '../../catalog';

/** A drug to pick: the server's stock row, or one of the price list kept on the phone. */
type PickRow = Pick<StockByProductRow, 'productId' | 'productName' | 'producerName' | 'free' | 'nearestExpiry' | 'shortDated'> & Partial<KeptProductStock>;

/**
 * /add-drugs: drugs from stock with their free balance and nearest expiry, a counter each (never above
 * the free balance) and "Add"; a drug already in the order shows so and cannot be added twice. With the
 * price list kept on the phone (a rep's day, issue 16) each drug shows its price and its free stock by
 * warehouse, and without a network the kept list is what is picked from (the server decides when it gets the order).
 */
export function StockPicker({ added, onAdd }: { added: ReadonlySet<number>; onAdd: (line: DraftLine) => void }) {
  const { t } = useTranslation('orders');
  const moneyTitle = useMoneyTitle();
  const [q, setQ] = useState('');
  const [page, setPage] = useState({ page: 1, size: 25 });
  const [counts, setCounts] = useState<Record<number, number | null>>({});
  const online = useOnline();
  const kept = useKeptStock();
  const keptRows = useMemo(() => (kept.data ? keptStockByProduct(kept.data, q || undefined) : null), [kept.data, q]);
  const offline = !online && keptRows !== null;
  const stock = useStockByProduct({ q: q || undefined, onlyAvailable: 'true', sort: 'productName', ...page }, { enabled: !offline });
  const keptOf = useMemo(() => new Map((kept.data ? keptStockByProduct(kept.data) : []).map((r) => [r.productId, r])), [kept.data]);
  const rows: PickRow[] | undefined = offline
    ? keptRows.slice((page.page - 1) * page.size, page.page * page.size)
    : stock.data?.items.map((r) => ({ ...keptOf.get(r.productId), ...r }));
  const total = offline ? keptRows.length : stock.data?.total;
  const pagination = usePagination(page.page, page.size, total, (p, s) => setPage(s !== page.size ? { page: 1, size: s } : { page: p, size: s }));

  const columns: TableProps<PickRow>['columns'] = [
    {
      key: 'product',
      title: t('columns.product'),
      render: (_, r) => (
        <div className="cell-product">
          <ProductLabel name={r.productName} producerName={r.producerName} />
          {r.warehouses?.length ? (
            <span className="cell-muted" data-testid="pick-warehouses">
              {r.warehouses.map((w) => t('labels.warehouseFree', { warehouse: w.name, free: formatNumber(w.free) })).join(' · ')}
            </span>
          ) : null}
        </div>
      ),
    },
    { key: 'free', title: t('columns.freeBalance'), align: 'right', render: (_, r) => formatNumber(r.free) },
    ...(kept.data
      ? [
          {
            key: 'price',
            title: moneyTitle(t('columns.salePrice')),
            align: 'right' as const,
            render: (_: unknown, r: PickRow) => <span data-testid="pick-price">{r.salePrice === undefined ? '—' : formatMoney(r.salePrice)}</span>,
          },
        ]
      : []),
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
      {offline ? (
        <Typography.Text type="secondary" data-testid="pick-kept">
          {t('messages.keptStock')}
        </Typography.Text>
      ) : null}
      {stock.isError && !offline ? (
        <QueryError error={stock.error} onRetry={() => void stock.refetch()} retrying={stock.isFetching} />
      ) : (
        <Table<PickRow>
          size="small"
          rowKey="productId"
          columns={columns}
          dataSource={rows}
          loading={!offline && stock.isFetching}
          pagination={pagination as TableProps<PickRow>['pagination']}
          scroll={{ x: 640 }}
          locale={{ emptyText: t('messages.noStock') }}
        />
      )}
    </Flex>
  );
}
