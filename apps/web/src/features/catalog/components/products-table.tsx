import { Badge, type TableProps } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { localized, type Paged, type Product } from '@pharma/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { DataTable, usePagination } from '../../../components/data-table';
import { Money, useMoneyTitle } from '../../../components/money';
import { sortable, sortParam } from '../../../components/sort';
import { useLanguage } from '../../../lib/i18n';
import { MedicationStatusTag } from './medication-status-tag';

interface Props {
  query: UseQueryResult<Paged<Product>>;
  page: number;
  size: number;
  sort: string | undefined;
  hrefFor: (id: number) => string;
  onChange: (patch: { page?: number; size?: number; sort?: string }) => void;
  emptyText?: string;
}

/** The catalog table: dense, sortable by name, producer, price and date; each name a link to its card. */
export function ProductsTable({ query, page, size, sort, hrefFor, onChange, emptyText }: Props) {
  const { t } = useTranslation('catalog');
  const lng = useLanguage();
  const moneyTitle = useMoneyTitle();
  const pagination = usePagination(page, size, query.data?.total, (p, s) => onChange(s !== size ? { page: 1, size: s } : { page: p }));

  const columns: TableProps<Product>['columns'] = [
    {
      key: 'name',
      title: t('fields.name.label'),
      ...sortable(sort, 'name'),
      render: (_, p) => (
        <div className="cell-product">
          <Link to={hrefFor(p.id)}>{p.name}</Link>
          {p.barcode ? <span className="cell-muted mono">{p.barcode}</span> : null}
        </div>
      ),
    },
    { key: 'producerName', dataIndex: 'producerName', title: t('fields.producer.label'), ...sortable(sort, 'producerName'), responsive: ['sm'] },
    { key: 'country', title: t('fields.country.label'), render: (_, p) => t(`enums:country.${p.country}`), responsive: ['xxl'] },
    { key: 'unit', title: t('fields.unit.label'), render: (_, p) => t(`enums:unitOfMeasure.${p.unit}`), responsive: ['lg'] },
    {
      key: 'category',
      title: t('fields.category.label'),
      responsive: ['xl'],
      render: (_, p) =>
        p.categoryName ? (
          <span className="cell-category">
            {localized(p.categoryName, lng)}
            {p.subcategoryName ? <span className="cell-muted"> / {localized(p.subcategoryName, lng)}</span> : null}
          </span>
        ) : null,
    },
    {
      key: 'price',
      title: moneyTitle(t('fields.price.label')),
      align: 'right',
      ...sortable(sort, 'price'),
      render: (_, p) => (p.price === null ? <span className="cell-muted">—</span> : <Money value={p.price} />),
    },
    {
      key: 'medicationStatus',
      title: t('fields.medicationStatus.label'),
      responsive: ['xxl'],
      render: (_, p) => <MedicationStatusTag status={p.medicationStatus} />,
    },
    {
      key: 'active',
      title: t('fields.active.label'),
      responsive: ['md'],
      render: (_, p) => <Badge status={p.active ? 'success' : 'default'} text={t(`enums:active.${String(p.active)}`)} className="nowrap" />,
    },
  ];

  return (
    <DataTable<Product>
      query={query}
      rows={query.data?.items}
      rowKey="id"
      columns={columns}
      pagination={pagination}
      scroll={{ x: true }}
      emptyText={emptyText}
      rowClassName={(p) => (p.active ? '' : 'row-inactive')}
      onChange={(_p, _f, sorter, extra) => {
        if (extra.action === 'sort') onChange({ sort: sortParam(sorter) });
      }}
    />
  );
}
