import { Button, Card, Flex, Select } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { countries, unitsOfMeasure, type Country, type UnitOfMeasure } from '@pharma/contracts';
import { PageHeader } from '../../../components/page-header';
import { SearchInput } from '../../../components/search-input';
import { useCan } from '../../../lib/permissions';
import { useListParams, idFilter } from '../../../lib/use-list-params';
import { useProducts } from '../api/get-products';
import { BarcodeLookup } from '../components/barcode-lookup';
import { CategorySelect } from '../components/category-select';
import { CountrySelect } from '../components/country-select';
import { ProducerSelect } from '../components/producer-select';
import { ProductFormDrawer, type ProductDrawerTarget } from '../components/product-form-drawer';
import { ProductsTable } from '../components/products-table';

const filterNames = ['q', 'producerId', 'categoryId', 'country', 'unit', 'active', 'product'] as const;

/** Stock → Products: the catalog with search, filters, sort and paging in the URL; barcode lookup; create and edit. */
export function ProductsPage() {
  const { t } = useTranslation('catalog');
  const canEdit = useCan('stock.edit');
  const { page, size, sort, filters, update, params } = useListParams(filterNames);
  const country = (countries as readonly string[]).includes(filters.country ?? '') ? (filters.country as Country) : undefined;
  const unit = (unitsOfMeasure as readonly string[]).includes(filters.unit ?? '') ? (filters.unit as UnitOfMeasure) : undefined;
  const active = filters.active === 'true' || filters.active === 'false' ? filters.active : undefined;
  const query = useProducts({
    page,
    size,
    sort,
    q: filters.q,
    producerId: idFilter(filters.producerId),
    categoryId: idFilter(filters.categoryId),
    country,
    unit,
    active,
  });

  const target: ProductDrawerTarget | null =
    filters.product === 'new' && canEdit ? { mode: 'create' } : idFilter(filters.product) ? { mode: 'edit', id: Number(filters.product) } : null;
  const setTarget = (value: string | undefined) => update({ product: value, page });

  return (
    <>
      <PageHeader
        title={t('nav:titles.products')}
        extra={
          canEdit ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setTarget('new')}>
              {t('actions.createProduct')}
            </Button>
          ) : null
        }
      />
      <Card variant="borderless" styles={{ body: { padding: 12 } }}>
        <Flex className="toolbar" gap={8} wrap align="flex-start">
          <SearchInput value={filters.q} onSearch={(q) => update({ q })} label={t('fields.search.label')} />
          <BarcodeLookup onFound={(p) => setTarget(String(p.id))} />
        </Flex>
        <Flex className="toolbar" gap={8} wrap align="flex-start">
          <ProducerSelect
            aria-label={t('fields.producer.label')}
            placeholder={t('filters.allProducers')}
            allowClear
            value={idFilter(filters.producerId)}
            onChange={(id) => update({ producerId: id })}
            style={{ width: 220 }}
          />
          <CategorySelect
            aria-label={t('fields.category.label')}
            placeholder={t('filters.allCategories')}
            allowClear
            value={idFilter(filters.categoryId)}
            onChange={(id) => update({ categoryId: id })}
            style={{ width: 220 }}
          />
          <CountrySelect
            aria-label={t('fields.country.label')}
            placeholder={t('filters.allCountries')}
            allowClear
            value={country}
            onChange={(value) => update({ country: value })}
            style={{ width: 180 }}
          />
          <Select<UnitOfMeasure>
            aria-label={t('fields.unit.label')}
            placeholder={t('filters.allUnits')}
            allowClear
            value={unit}
            onChange={(value) => update({ unit: value })}
            options={unitsOfMeasure.map((u) => ({ value: u, label: t(`enums:unitOfMeasure.${u}`) }))}
            style={{ width: 150 }}
          />
          <Select<'true' | 'false'>
            aria-label={t('fields.active.label')}
            placeholder={t('filters.anyState')}
            allowClear
            value={active}
            onChange={(value) => update({ active: value })}
            options={[
              { value: 'true', label: t('enums:active.true') },
              { value: 'false', label: t('enums:active.false') },
            ]}
            style={{ width: 150 }}
          />
        </Flex>
        <ProductsTable
          query={query}
          page={page}
          size={size}
          sort={sort}
          hrefFor={(id) => {
            const next = new URLSearchParams(params);
            next.set('product', String(id));
            return `?${next.toString()}`;
          }}
          onChange={(patch) => update(patch)}
        />
      </Card>
      <ProductFormDrawer target={target} onClose={() => setTarget(undefined)} />
    </>
  );
}
