import { useEffect, useState } from 'react';
import { Flex, Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { searchMinLength, type Batch } from '@pharma/contracts';
import { SearchStatus } from '../../../components/search-status';
import { formatNumber } from '../../../lib/format';
import { ProductLabel } from '../../catalog';
import { useBatches } from '../api/get-batches';
import { StockStateTag } from './stock-state-tag';

/** A batch with a free balance, found by product name, producer, barcode or series (≥ 4 characters). */
export function BatchSelect({ onPick, ...props }: { onPick: (batch: Batch) => void } & Omit<SelectProps<number>, 'options' | 'onChange'>) {
  const { t } = useTranslation(['stock', 'catalog']);
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setQ(text.trim()), 300);
    return () => window.clearTimeout(timer);
  }, [text]);
  const enabled = q.length >= searchMinLength;
  const found = useBatches({ q: enabled ? q : undefined, onlyFree: 'true', page: 1, size: 25, sort: 'expiryDate' }, { enabled });
  const items = enabled ? (found.data?.items ?? []) : [];

  return (
    <Select<number>
      showSearch={{ filterOption: false, onSearch: setText, searchValue: text }}
      notFoundContent={<SearchStatus typed={text} searched={q} search={found} prompt={t('catalog:messages.typeToSearch')} empty={t('messages.noStock')} />}
      loading={found.isFetching}
      options={items.map((b) => ({ value: b.id, label: `${b.productName} · ${b.producerName} · ${b.series}`, batch: b }))}
      optionRender={(option) => {
        const b = (option.data as { batch: Batch }).batch;
        return (
          <Flex justify="space-between" gap={8} align="center">
            <ProductLabel
              name={b.productName}
              producerName={b.producerName}
              expiryDate={b.expiryDate}
              extra={`${b.series} · ${b.warehouseName} · ${t('stock:columns.free')}: ${formatNumber(b.free)}`}
            />
            <StockStateTag state={b.state} />
          </Flex>
        );
      }}
      onChange={(id) => {
        const batch = items.find((b) => b.id === id);
        if (batch) onPick(batch);
      }}
      {...props}
    />
  );
}
