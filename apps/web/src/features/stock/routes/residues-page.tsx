import { Card, Flex, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { SearchInput } from '../../../components/search-input';
import { phoneBelowPx, useWindowWidth } from '../../../lib/use-window-width';
import { useListParams, idFilter } from '../../../lib/use-list-params';
import { WarehouseSelect } from '../../warehouses';
import { useResidues } from '../api/get-residues';
import { BatchCards } from '../components/batch-cards';
import { BatchesTable } from '../components/batches-table';

/**
 * /residues-drugs: remainders a rep may offer — reservable batches with a free balance, by product
 * and earliest expiry; a client's minimum remaining shelf life narrows them. Empty: 'No remains found'.
 */
export function ResiduesPage() {
  const { t } = useTranslation('stock');
  const phone = useWindowWidth() < phoneBelowPx;
  const { page, size, sort, filters, update } = useListParams(['q', 'warehouseId', 'minShelfLifeDays'] as const);
  const minShelfLifeDays = Number(filters.minShelfLifeDays) > 0 ? Math.min(3650, Math.floor(Number(filters.minShelfLifeDays))) : undefined;
  const query = useResidues({ q: filters.q, warehouseId: idFilter(filters.warehouseId), minShelfLifeDays, page, size, sort });

  return (
    <>
      <PageHeader title={t('nav:titles.residuesDrugs')} />
      <Card variant="borderless" styles={{ body: { padding: phone ? 8 : 12 } }}>
        <Flex className="toolbar" gap={8} wrap align="flex-start">
          <SearchInput value={filters.q} onSearch={(q) => update({ q })} label={t('fields.search.label')} />
          <WarehouseSelect
            aria-label={t('stock:columns.warehouseName')}
            placeholder={t('filters.allWarehouses')}
            allowClear
            value={idFilter(filters.warehouseId)}
            onChange={(id) => update({ warehouseId: id })}
            style={{ width: 240 }}
          />
          <InputNumber<number>
            aria-label={t('fields.minShelfLifeDays.label')}
            prefix={t('fields.minShelfLifeDays.short')}
            min={0}
            max={3650}
            precision={0}
            value={minShelfLifeDays ?? null}
            onChange={(value) => update({ minShelfLifeDays: value || undefined })}
            style={{ width: 220 }}
          />
        </Flex>
        {phone ? (
          <BatchCards query={query} page={page} size={size} onChange={update} emptyText={t('messages.noRemains')} />
        ) : (
          <BatchesTable
            query={query}
            page={page}
            size={size}
            sort={sort}
            onChange={update}
            emptyText={t('messages.noRemains')}
            hide={['income', 'actions']}
            sortFields={['expiryDate']}
          />
        )}
      </Card>
    </>
  );
}
