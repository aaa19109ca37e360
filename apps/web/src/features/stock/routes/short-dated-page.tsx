import { Card, Flex, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { SearchInput } from '../../../components/search-input';
import { phoneBelowPx, useWindowWidth } from '../../../lib/use-window-width';
import { useListParams, idFilter } from '../../../lib/use-list-params';
import { useTradeSettings } from '../../pricing';
import { WarehouseSelect } from '../../warehouses';
import { useShortDated } from '../api/get-short-dated';
import { BatchCards } from '../components/batch-cards';
import { BatchesTable } from '../components/batches-table';

/** Short-dated stock, earliest expiry first: what reps should offer first. Cards on a phone. */
export function ShortDatedPage() {
  const { t } = useTranslation('stock');
  const phone = useWindowWidth() < phoneBelowPx;
  const { page, size, sort, filters, update } = useListParams(['q', 'warehouseId', 'days'] as const);
  const settings = useTradeSettings();
  const days = Number(filters.days) >= 1 && Number(filters.days) <= 730 ? Number(filters.days) : undefined;
  const query = useShortDated({ q: filters.q, warehouseId: idFilter(filters.warehouseId), days, page, size, sort });
  const effectiveDays = days ?? settings.data?.shortDatedDays;

  return (
    <>
      <PageHeader title={t('nav:titles.shortDated')} subtitle={effectiveDays ? t('messages.shortDatedWindow', { count: effectiveDays }) : undefined} />
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
            aria-label={t('fields.days.label')}
            prefix={t('fields.days.label')}
            min={1}
            max={730}
            precision={0}
            value={days ?? null}
            placeholder={settings.data ? String(settings.data.shortDatedDays) : undefined}
            onChange={(value) => update({ days: value ?? undefined })}
            style={{ width: 180 }}
          />
        </Flex>
        {phone ? (
          <BatchCards query={query} page={page} size={size} onChange={update} emptyText={t('messages.noShortDated')} />
        ) : (
          <BatchesTable
            query={query}
            page={page}
            size={size}
            sort={sort}
            onChange={update}
            emptyText={t('messages.noShortDated')}
            hide={['income']}
            sortFields={['expiryDate', 'productName', 'free']}
          />
        )}
      </Card>
    </>
  );
}
