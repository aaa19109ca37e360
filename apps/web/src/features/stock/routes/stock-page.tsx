import { Card, Checkbox, Flex, Segmented, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { stockStates, type StockState } from '@pharma/contracts';
import { DownloadButton } from '../../../components/download-button';
import { PageHeader } from '../../../components/page-header';
import { SearchInput } from '../../../components/search-input';
import { phoneBelowPx, useWindowWidth } from '../../../lib/use-window-width';
import { useListParams, idFilter } from '../../../lib/use-list-params';
import { CategorySelect, ProducerSelect, ProductSelect } from '../../catalog';
import { useTradeSettings } from '../../pricing';
import { WarehouseSelect } from '../../warehouses';
import { exportBatches } from '../api/export-batches';
import { useBatches } from '../api/get-batches';
import { useStockByProduct } from '../api/get-stock-by-product';
import { useStockByWarehouse } from '../api/get-stock-by-warehouse';
import { BatchCards } from '../components/batch-cards';
import { BatchesTable } from '../components/batches-table';
import { StockByProductTable } from '../components/stock-by-product-table';
import { StockByWarehouseTable } from '../components/stock-by-warehouse-table';

const views = ['products', 'warehouses', 'batches'] as const;
type View = (typeof views)[number];
const filterNames = ['view', 'q', 'warehouseId', 'producerId', 'categoryId', 'productId', 'state', 'onlyAvailable', 'withEmpty'] as const;

/** Stock: by product, by warehouse or by batch, with balances, series, expiry and the short-dated highlight. */
export function StockPage() {
  const { t } = useTranslation('stock');
  const phone = useWindowWidth() < phoneBelowPx;
  const { page, size, sort, filters, update } = useListParams(filterNames);
  const view: View = (views as readonly string[]).includes(filters.view ?? '') ? (filters.view as View) : 'products';
  const state = (stockStates as readonly string[]).includes(filters.state ?? '') ? (filters.state as StockState) : undefined;
  const settings = useTradeSettings();
  const common = {
    q: filters.q,
    warehouseId: idFilter(filters.warehouseId),
    producerId: idFilter(filters.producerId),
    categoryId: idFilter(filters.categoryId),
  };
  // by batch: batches with a free balance, unless the user asks for empty and fully reserved ones too
  const batchParams = {
    ...common,
    productId: idFilter(filters.productId),
    state,
    onlyFree: filters.withEmpty === 'true' ? undefined : ('true' as const),
    page,
    size,
    sort,
  };

  const byProduct = useStockByProduct(
    { ...common, onlyAvailable: filters.onlyAvailable === 'true' ? 'true' : undefined, page, size, sort },
    { enabled: view === 'products' },
  );
  const byWarehouse = useStockByWarehouse({ enabled: view === 'warehouses' });
  const batches = useBatches(batchParams, { enabled: view === 'batches' });

  const setView = (next: View) =>
    update({ view: next === 'products' ? undefined : next, sort: undefined, state: next === 'batches' ? filters.state : undefined, withEmpty: undefined });

  return (
    <>
      <PageHeader
        title={t('nav:titles.stock')}
        subtitle={settings.data ? t('messages.shortDatedWindow', { count: settings.data.shortDatedDays }) : undefined}
        extra={
          <DownloadButton run={() => exportBatches(batchParams)} aria-label={t('actions.exportStock')}>
            {t('actions.export')}
          </DownloadButton>
        }
      />
      <Card variant="borderless" styles={{ body: { padding: 12 } }}>
        <Flex className="toolbar" gap={8} wrap align="flex-start">
          <Segmented<View>
            value={view}
            onChange={setView}
            options={views.map((v) => ({ value: v, label: t(`views.${v}`) }))}
            aria-label={t('fields.grouping.label')}
          />
          {view !== 'warehouses' ? <SearchInput value={filters.q} onSearch={(q) => update({ q })} label={t('fields.search.label')} /> : null}
        </Flex>
        {view !== 'warehouses' ? (
          <Flex className="toolbar" gap={8} wrap align="center">
            <WarehouseSelect
              aria-label={t('stock:columns.warehouseName')}
              placeholder={t('filters.allWarehouses')}
              allowClear
              value={idFilter(filters.warehouseId)}
              onChange={(id) => update({ warehouseId: id })}
              style={{ width: 240 }}
            />
            <ProducerSelect
              aria-label={t('stock:columns.producerName')}
              placeholder={t('filters.allProducers')}
              allowClear
              value={idFilter(filters.producerId)}
              onChange={(id) => update({ producerId: id })}
              style={{ width: 200 }}
            />
            <CategorySelect
              aria-label={t('stock:columns.category')}
              placeholder={t('filters.allCategories')}
              allowClear
              value={idFilter(filters.categoryId)}
              onChange={(id) => update({ categoryId: id })}
              style={{ width: 200 }}
            />
            {view === 'batches' ? (
              <>
                <ProductSelect
                  aria-label={t('stock:columns.productName')}
                  placeholder={t('filters.anyProduct')}
                  allowClear
                  onlyActive={false}
                  value={idFilter(filters.productId)}
                  onChange={(id) => update({ productId: id })}
                  style={{ width: 260 }}
                />
                <Select<StockState>
                  aria-label={t('stock:columns.state')}
                  placeholder={t('filters.anyState')}
                  allowClear
                  value={state}
                  onChange={(value) => update({ state: value })}
                  options={stockStates.map((s) => ({ value: s, label: t(`enums:stockState.${s}`) }))}
                  style={{ width: 180 }}
                />
                <Checkbox checked={filters.withEmpty === 'true'} onChange={(e) => update({ withEmpty: e.target.checked ? 'true' : undefined })}>
                  {t('filters.withEmpty')}
                </Checkbox>
              </>
            ) : (
              <Checkbox checked={filters.onlyAvailable === 'true'} onChange={(e) => update({ onlyAvailable: e.target.checked ? 'true' : undefined })}>
                {t('filters.onlyAvailable')}
              </Checkbox>
            )}
          </Flex>
        ) : null}
        {view === 'batches' && filters.productId ? (
          <Tag closable onClose={() => update({ productId: undefined })} className="filter-tag">
            {t('filters.oneProduct')}
          </Tag>
        ) : null}
        {view === 'products' ? (
          <StockByProductTable
            query={byProduct}
            page={page}
            size={size}
            sort={sort}
            onChange={update}
            onOpen={(productId) => update({ view: 'batches', productId, sort: undefined })}
            emptyText={t('messages.noStock')}
          />
        ) : null}
        {view === 'warehouses' ? <StockByWarehouseTable query={byWarehouse} onOpen={(warehouseId) => update({ view: 'batches', warehouseId })} /> : null}
        {view === 'batches' ? (
          phone ? (
            <BatchCards query={batches} page={page} size={size} onChange={update} actions emptyText={t('messages.noStock')} />
          ) : (
            <BatchesTable query={batches} page={page} size={size} sort={sort} onChange={update} emptyText={t('messages.noStock')} />
          )
        ) : null}
      </Card>
    </>
  );
}
