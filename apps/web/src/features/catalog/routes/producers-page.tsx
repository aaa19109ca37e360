import { useMemo, useState } from 'react';
import type { TableProps } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { searchKey, type Country, type Producer } from '@pharma/contracts';
import { ReferenceListPage, RowActions, useActionsColumn } from '../../../components/reference';
import { SearchInput } from '../../../components/search-input';
import { hrefOf } from '../../../lib/paths';
import { formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { useCan } from '../../../lib/permissions';
import { useListParams } from '../../../lib/use-list-params';
import { useProducers } from '../api/get-producers';
import { CountrySelect } from '../components/country-select';
import { ProducerFormModal } from '../components/producer-form-modal';

/** Stock → Producers: name, country, how many products; add and edit. */
export function ProducersPage() {
  const { t } = useTranslation('catalog');
  const lng = useLanguage();
  const canEdit = useCan('stock.edit');
  const { filters, update } = useListParams(['q', 'country'] as const);
  const query = useProducers();
  const [editing, setEditing] = useState<Producer | 'new' | null>(null);

  const rows = useMemo(() => {
    const key = filters.q ? searchKey(filters.q) : '';
    return (query.data ?? []).filter((p) => (!key || searchKey(p.name).includes(key)) && (!filters.country || p.country === filters.country));
  }, [query.data, filters.q, filters.country]);

  const actions = useActionsColumn<Producer>(canEdit, 56, (p) => (
    <RowActions edit={{ label: t('actions.editNamed', { name: p.name }), onClick: () => setEditing(p) }} />
  ));
  const columns: TableProps<Producer>['columns'] = [
    { key: 'name', dataIndex: 'name', title: t('fields.producerName.label'), sorter: (a, b) => a.name.localeCompare(b.name, lng), defaultSortOrder: 'ascend' },
    {
      key: 'country',
      title: t('fields.country.label'),
      render: (_, p) => t(`enums:country.${p.country}`),
      sorter: (a, b) => t(`enums:country.${a.country}`).localeCompare(t(`enums:country.${b.country}`), lng),
    },
    {
      key: 'productCount',
      title: t('fields.productCount.label'),
      align: 'right',
      sorter: (a, b) => a.productCount - b.productCount,
      render: (_, p) => <Link to={hrefOf('products', {}, { producerId: p.id })}>{formatNumber(p.productCount)}</Link>,
    },
    ...actions,
  ];

  return (
    <ReferenceListPage<Producer>
      title={t('nav:titles.producers')}
      add={{ show: canEdit, label: t('actions.createProducer'), onClick: () => setEditing('new') }}
      toolbar={
        <>
          <SearchInput value={filters.q} onSearch={(q) => update({ q })} label={t('fields.producerSearch.label')} />
          <CountrySelect
            aria-label={t('fields.country.label')}
            placeholder={t('filters.allCountries')}
            allowClear
            value={filters.country as Country | undefined}
            onChange={(value) => update({ country: value })}
            style={{ width: 200 }}
          />
        </>
      }
      table={{ query, rows, rowKey: 'id', columns }}
    >
      {editing ? <ProducerFormModal producer={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </ReferenceListPage>
  );
}
