import { useTranslation } from 'react-i18next';
import { idFilter } from '../../../lib/use-list-params';
import { CategorySelect, ProducerSelect, ProductSelect } from '../../catalog';
import type { AnalyticsFilters } from '../use-analytics-filters';

/** The product, category and producer of sales figures, from the address. */
export const salesFilterNames = ['productId', 'categoryId', 'producerId'] as const;
export const salesFiltersOf = (filters: Partial<Record<(typeof salesFilterNames)[number], string>>) => ({
  productId: idFilter(filters.productId),
  categoryId: idFilter(filters.categoryId),
  producerId: idFilter(filters.producerId),
});

/** The filters only sales have (a product is in an order's positions, not in a visit): product, category, producer. */
export function SalesFilters({ state }: { state: AnalyticsFilters }) {
  const { t } = useTranslation(['statistics', 'analytics']);
  const value = salesFiltersOf(state.filters as Partial<Record<(typeof salesFilterNames)[number], string>>);
  return (
    <>
      <ProductSelect
        allowClear
        aria-label={t('analytics:filters.productId')}
        placeholder={t('analytics:filters.productId')}
        value={value.productId}
        onChange={(id) => state.update({ productId: id })}
        style={{ width: 260 }}
      />
      <CategorySelect
        allowClear
        aria-label={t('analytics:filters.categoryId')}
        placeholder={t('analytics:filters.categoryId')}
        value={value.categoryId}
        onChange={(id) => state.update({ categoryId: id ?? undefined })}
        style={{ width: 200 }}
      />
      <ProducerSelect
        allowClear
        aria-label={t('analytics:filters.producerId')}
        placeholder={t('analytics:filters.producerId')}
        value={value.producerId}
        onChange={(id) => state.update({ producerId: id })}
        style={{ width: 200 }}
      />
    </>
  );
}
