import { Card, Flex, Skeleton, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Batch, Paged } from '@pharma/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { EmptyState } from '../../../components/empty-state';
import { Money } from '../../../components/money';
import { QueryError } from '../../../components/query-error';
import { formatNumber } from '../../../lib/format';
import { BatchActions } from './batch-actions';
import { ExpiryCell, StockStateTag } from './stock-state-tag';
import { CardsPagination } from '../../../components/cards-pagination';
import { ProductLabel } from '../../catalog';

interface Props {
  query: UseQueryResult<Paged<Batch>>;
  page: number;
  size: number;
  onChange: (patch: { page?: number; size?: number }) => void;
  emptyText?: string;
  actions?: boolean;
}

/**
 * Batches as cards for a 390 px phone (a rep in a pharmacy): the product, the free balance large,
 * series and expiry with the highlight, the sale price; paging at the thumb.
 */
export function BatchCards({ query, page, size, onChange, emptyText, actions = false }: Props) {
  const { t } = useTranslation('stock');
  if (query.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (query.isError && !query.data) return <QueryError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  const items = query.data?.items ?? [];
  if (items.length === 0) return <EmptyState description={emptyText} />;

  return (
    <Spin spinning={query.isFetching && query.isPlaceholderData}>
      <ul className="batch-cards" aria-label={t('stock:sheets.batches')}>
        {items.map((b) => (
          <li key={b.id}>
            <Card size="small" className={`batch-card batch-card--${b.state}`}>
              <Flex justify="space-between" align="flex-start" gap={8}>
                <div className="batch-card__title">
                  <ProductLabel strong name={b.productName} producerName={b.producerName} extra={b.warehouseName} />
                </div>
                <Flex align="center" gap={2}>
                  <StockStateTag state={b.state} reason={b.statusReason} />
                  {actions ? <BatchActions batch={b} /> : null}
                </Flex>
              </Flex>
              <dl className="batch-card__facts">
                <div>
                  <dt>{t('stock:columns.free')}</dt>
                  <dd className="batch-card__free">
                    {formatNumber(b.free)} <span className="unit">{t(`enums:unitOfMeasure.${b.unit}`)}</span>
                  </dd>
                </div>
                <div>
                  <dt>{t('stock:columns.expiryDate')}</dt>
                  <dd>
                    <ExpiryCell expiryDate={b.expiryDate} daysToExpiry={b.daysToExpiry} state={b.state} />
                  </dd>
                </div>
                <div>
                  <dt>{t('stock:columns.series')}</dt>
                  <dd className="mono">{b.series}</dd>
                </div>
                <div>
                  <dt>{t('stock:columns.salePrice')}</dt>
                  <dd>
                    <Money value={b.salePrice} currency />
                  </dd>
                </div>
              </dl>
            </Card>
          </li>
        ))}
      </ul>
      <CardsPagination page={page} size={size} total={query.data?.total} onChange={onChange} />
    </Spin>
  );
}
