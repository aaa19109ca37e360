import type { TableProps } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Brand } from '@pharma/contracts';
import { usePagination } from '../../../components/data-table';
import { ReferenceListPage, RowActions, useActionsColumn } from '../../../components/reference';
import { SearchInput } from '../../../components/search-input';
import { formatNumber } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { useListParams } from '../../../lib/use-list-params';
import { useBrands } from '../api/get-brands';
import { useDeleteBrand } from '../api/delete-brand';
import { BrandFormDrawer, type BrandDrawerTarget } from '../components/brand-form-drawer';

type SortOrder = 'ascend' | 'descend' | null;
const orderOf = (sort: string | undefined, field: string): SortOrder => (sort === field ? 'ascend' : sort === `-${field}` ? 'descend' : null);

/** /brands: brands and counterparties — search, sort, page; add, edit, delete by right. Everything in the URL. */
export function BrandsPage() {
  const { t } = useTranslation('brands');
  const canEdit = useCan('organizations.edit');
  const canDelete = useCan('organizations.delete');
  const { page, size, sort, filters, update, params } = useListParams(['q', 'brand'] as const);
  const query = useBrands({ page, size, sort, q: filters.q });
  const remove = useDeleteBrand();
  const pagination = usePagination(page, size, query.data?.total, (p, s) => update(s !== size ? { page: 1, size: s } : { page: p }));

  const target: BrandDrawerTarget | null =
    filters.brand === 'new' && canEdit ? { mode: 'create' } : Number(filters.brand) > 0 ? { mode: 'edit', id: Number(filters.brand) } : null;
  const setTarget = (value: string | undefined) => update({ brand: value, page });
  const hrefFor = (id: number) => {
    const next = new URLSearchParams(params);
    next.set('brand', String(id));
    return `?${next.toString()}`;
  };
  const sortable = (field: string) => ({ sorter: true, sortOrder: orderOf(sort, field), sortDirections: ['ascend', 'descend'] as SortOrder[] });

  const actions = useActionsColumn<Brand>(canEdit || canDelete, 96, (b) => (
    <RowActions
      edit={canEdit && { label: t('actions.editOf', { name: b.name }), onClick: () => setTarget(String(b.id)) }}
      remove={canDelete && { label: t('actions.deleteOf', { name: b.name }), onConfirm: () => remove.mutateAsync(b.id) }}
    />
  ));
  const columns: TableProps<Brand>['columns'] = [
    {
      key: 'name',
      title: t('fields.name.label'),
      ...sortable('name'),
      render: (_, b) => (
        <Link to={hrefFor(b.id)} className="org-name">
          {b.name}
        </Link>
      ),
    },
    { key: 'inn', dataIndex: 'inn', title: t('fields.inn.label'), ...sortable('inn') },
    { key: 'legalName', dataIndex: 'legalName', title: t('fields.legalName.label'), responsive: ['md'] },
    { key: 'legalAddress', dataIndex: 'legalAddress', title: t('fields.legalAddress.label'), responsive: ['xl'] },
    { key: 'bankName', dataIndex: 'bankName', title: t('fields.bankName.label'), responsive: ['lg'] },
    { key: 'bankAccount', dataIndex: 'bankAccount', title: t('fields.bankAccount.label'), responsive: ['xl'], className: 'nowrap' },
    { key: 'mfo', dataIndex: 'mfo', title: t('fields.mfo.label'), responsive: ['lg'] },
    { key: 'deliveryAddress', dataIndex: 'deliveryAddress', title: t('fields.deliveryAddress.label'), responsive: ['xxl'] },
    { key: 'organizationCount', title: t('fields.organizationCount.label'), align: 'right', render: (_, b) => formatNumber(b.organizationCount) },
    ...actions,
  ];
  return (
    <ReferenceListPage<Brand>
      title={t('nav:titles.brands')}
      add={{ show: canEdit, label: t('actions.add'), onClick: () => setTarget('new') }}
      toolbar={<SearchInput value={filters.q} onSearch={(q) => update({ q })} label={t('fields.search.label')} />}
      table={{
        query,
        rows: query.data?.items,
        rowKey: 'id',
        columns,
        pagination,
        scroll: { x: 'max-content' },
        onChange: (_p, _f, sorter, extra) => {
          if (extra.action !== 'sort' || Array.isArray(sorter)) return;
          const field = typeof sorter.columnKey === 'string' ? sorter.columnKey : undefined;
          update({ sort: sorter.order && field ? `${sorter.order === 'descend' ? '-' : ''}${field}` : undefined });
        },
      }}
    >
      <BrandFormDrawer target={target} canEdit={canEdit} onClose={() => setTarget(undefined)} />
    </ReferenceListPage>
  );
}
