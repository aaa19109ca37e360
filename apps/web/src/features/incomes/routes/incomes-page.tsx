import { useState } from 'react';
import { Button, Card, Flex, Segmented } from 'antd';
import { BarChartOutlined, FileExcelOutlined, PlusOutlined } from '@ant-design/icons';
import { LinkButton } from '../../../components/link-button';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { DownloadButton } from '../../../components/download-button';
import { PageHeader } from '../../../components/page-header';
import { SearchInput } from '../../../components/search-input';
import { hrefOf } from '../../../lib/paths';
import { useCan } from '../../../lib/permissions';
import { useListParams, idFilter } from '../../../lib/use-list-params';
import { ProductSelect } from '../../catalog';
import { WarehouseSelect } from '../../warehouses';
import { exportIncomeProjection } from '../api/export-income-projection';
import { useIncomeProjection } from '../api/get-income-projection';
import { useIncomes } from '../api/get-incomes';
import { IncomeImportModal } from '../components/income-import-modal';
import { IncomeProjectionTable } from '../components/income-projection-table';
import { IncomesTable } from '../components/incomes-table';

const views = ['positions', 'documents'] as const;
type View = (typeof views)[number];
const filterNames = ['view', 'q', 'from', 'to', 'warehouseId', 'productId'] as const;

/** Incomes: received positions (all-projection) or documents, by date range, warehouse, product and search; create, import, export. */
export function IncomesPage() {
  const { t } = useTranslation(['incomes', 'stock']);
  const canEdit = useCan('stock.edit');
  const { page, size, sort, filters, update } = useListParams(filterNames);
  const view: View = filters.view === 'documents' ? 'documents' : 'positions';
  const params = {
    q: filters.q,
    from: filters.from,
    to: filters.to,
    warehouseId: idFilter(filters.warehouseId),
    productId: idFilter(filters.productId),
    page,
    size,
    sort,
  };
  const positions = useIncomeProjection(params, { enabled: view === 'positions' });
  const documents = useIncomes(params, { enabled: view === 'documents' });
  const [importing, setImporting] = useState(false);

  return (
    <>
      <PageHeader
        title={t('nav:titles.incomes')}
        extra={
          <>
            <LinkButton to={hrefOf('incomeStatistics')} icon={<BarChartOutlined />}>
              {t('nav:titles.incomeStatistics')}
            </LinkButton>
            <DownloadButton run={() => exportIncomeProjection(params)}>{t('stock:actions.export')}</DownloadButton>
            {canEdit ? (
              <>
                <Button icon={<FileExcelOutlined />} onClick={() => setImporting(true)}>
                  {t('actions.import')}
                </Button>
                <LinkButton to={hrefOf('incomeCreate')} type="primary" icon={<PlusOutlined />}>
                  {t('actions.createIncome')}
                </LinkButton>
              </>
            ) : null}
          </>
        }
      />
      <Card variant="borderless" styles={{ body: { padding: 12 } }}>
        <Flex className="toolbar" gap={8} wrap align="flex-start">
          <Segmented<View>
            value={view}
            onChange={(next) => update({ view: next === 'positions' ? undefined : next, sort: undefined })}
            options={views.map((v) => ({ value: v, label: t(`views.${v}`) }))}
          />
          <SearchInput
            value={filters.q}
            onSearch={(q) => update({ q })}
            label={view === 'positions' ? t('fields.searchPositions.label') : t('fields.searchDocuments.label')}
          />
        </Flex>
        <Flex className="toolbar" gap={8} wrap align="flex-start">
          <DateRangeFilter from={filters.from} to={filters.to} onChange={(range) => update(range)} />
          <WarehouseSelect
            aria-label={t('stock:columns.warehouseName')}
            placeholder={t('stock:filters.allWarehouses')}
            allowClear
            value={idFilter(filters.warehouseId)}
            onChange={(id) => update({ warehouseId: id })}
            style={{ width: 240 }}
          />
          <ProductSelect
            aria-label={t('stock:columns.productName')}
            placeholder={t('stock:filters.anyProduct')}
            allowClear
            onlyActive={false}
            value={idFilter(filters.productId)}
            onChange={(id) => update({ productId: id })}
            style={{ width: 280 }}
          />
        </Flex>
        {view === 'positions' ? (
          <IncomeProjectionTable query={positions} page={page} size={size} sort={sort} onChange={update} />
        ) : (
          <IncomesTable query={documents} page={page} size={size} sort={sort} onChange={update} />
        )}
      </Card>
      {importing ? <IncomeImportModal onClose={() => setImporting(false)} /> : null}
    </>
  );
}
