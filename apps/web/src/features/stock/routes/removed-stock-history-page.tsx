import { useState } from 'react';
import { Button, Card, Flex, Modal, Select } from 'antd';
import { MinusCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { writeOffReasons, type Batch, type WriteOffReason } from '@pharma/contracts';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { DownloadButton } from '../../../components/download-button';
import { PageHeader } from '../../../components/page-header';
import { SearchInput } from '../../../components/search-input';
import { useCan } from '../../../lib/permissions';
import { useListParams, idFilter } from '../../../lib/use-list-params';
import { WarehouseSelect } from '../../warehouses';
import { exportWriteOffs } from '../api/export-write-offs';
import { useWriteOffs } from '../api/get-write-offs';
import { BatchSelect } from '../components/batch-select';
import { WriteOffModal } from '../components/write-off-modal';
import { WriteOffsTable } from '../components/write-offs-table';

const filterNames = ['q', 'from', 'to', 'warehouseId', 'reason'] as const;

/** Removed-stock history: every write-off with quantity, reason, who and when; a new write-off from a batch. */
export function RemovedStockHistoryPage() {
  const { t } = useTranslation('stock');
  const canWriteOff = useCan('stock.delete');
  const { page, size, sort, filters, update } = useListParams(filterNames);
  const reason = (writeOffReasons as readonly string[]).includes(filters.reason ?? '') ? (filters.reason as WriteOffReason) : undefined;
  const params = { q: filters.q, from: filters.from, to: filters.to, warehouseId: idFilter(filters.warehouseId), reason, page, size, sort };
  const query = useWriteOffs(params);
  const [picking, setPicking] = useState(false);
  const [batch, setBatch] = useState<Batch | null>(null);

  return (
    <>
      <PageHeader
        title={t('nav:titles.removedStockHistory')}
        extra={
          <>
            <DownloadButton run={() => exportWriteOffs(params)}>{t('actions.export')}</DownloadButton>
            {canWriteOff ? (
              <Button type="primary" danger icon={<MinusCircleOutlined />} onClick={() => setPicking(true)}>
                {t('actions.newWriteOff')}
              </Button>
            ) : null}
          </>
        }
      />
      <Card variant="borderless" styles={{ body: { padding: 12 } }}>
        <Flex className="toolbar" gap={8} wrap align="flex-start">
          <SearchInput value={filters.q} onSearch={(q) => update({ q })} label={t('fields.search.label')} />
          <DateRangeFilter from={filters.from} to={filters.to} onChange={(range) => update(range)} />
          <WarehouseSelect
            aria-label={t('stock:columns.warehouseName')}
            placeholder={t('filters.allWarehouses')}
            allowClear
            value={idFilter(filters.warehouseId)}
            onChange={(id) => update({ warehouseId: id })}
            style={{ width: 240 }}
          />
          <Select<WriteOffReason>
            aria-label={t('stock:columns.reason')}
            placeholder={t('filters.anyReason')}
            allowClear
            value={reason}
            onChange={(value) => update({ reason: value })}
            options={writeOffReasons.map((r) => ({ value: r, label: t(`enums:writeOffReason.${r}`) }))}
            style={{ width: 200 }}
          />
        </Flex>
        <WriteOffsTable query={query} page={page} size={size} sort={sort} onChange={update} />
      </Card>
      <Modal open={picking} title={t('titles.pickBatch')} footer={null} onCancel={() => setPicking(false)} destroyOnHidden>
        <BatchSelect
          autoFocus
          style={{ width: '100%' }}
          placeholder={t('fields.batchSearch.label')}
          aria-label={t('fields.batchSearch.label')}
          onPick={(b) => {
            setPicking(false);
            setBatch(b);
          }}
        />
      </Modal>
      {batch ? <WriteOffModal batch={batch} onClose={() => setBatch(null)} /> : null}
    </>
  );
}
