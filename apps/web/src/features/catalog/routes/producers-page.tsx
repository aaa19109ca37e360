import { useMemo, useState } from 'react';
import { Button, Card, Flex, Tooltip, type TableProps } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { defaultPageSize, pageSizes, searchKey, type Country, type Producer } from '@pharma/contracts';
import { DataTable } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
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
  ];
  if (canEdit) {
    columns.push({
      key: 'actions',
      width: 56,
      align: 'right',
      title: <span className="sr-only">{t('common:fields.actions.label')}</span>,
      render: (_, p) => (
        <Tooltip title={t('common:actions.edit')}>
          <Button type="text" size="small" icon={<EditOutlined />} aria-label={t('actions.editNamed', { name: p.name })} onClick={() => setEditing(p)} />
        </Tooltip>
      ),
    });
  }

  return (
    <>
      <PageHeader
        title={t('nav:titles.producers')}
        extra={
          canEdit ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t('actions.createProducer')}
            </Button>
          ) : null
        }
      />
      <Card variant="borderless" styles={{ body: { padding: 12 } }}>
        <Flex className="toolbar" gap={8} wrap align="flex-start">
          <SearchInput value={filters.q} onSearch={(q) => update({ q })} label={t('fields.producerSearch.label')} />
          <CountrySelect
            aria-label={t('fields.country.label')}
            placeholder={t('filters.allCountries')}
            allowClear
            value={filters.country as Country | undefined}
            onChange={(value) => update({ country: value })}
            style={{ width: 200 }}
          />
        </Flex>
        <DataTable<Producer>
          query={query}
          rows={rows}
          rowKey="id"
          columns={columns}
          pagination={{ defaultPageSize, pageSizeOptions: pageSizes.map(String), showSizeChanger: true, hideOnSinglePage: true }}
          scroll={{ x: true }}
        />
      </Card>
      {editing ? <ProducerFormModal producer={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
