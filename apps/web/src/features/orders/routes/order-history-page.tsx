import { Card, Flex, Input, Select, Skeleton, Spin, Typography, type TableProps } from 'antd';
import { ArrowRightOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { orderStatuses, toOrderStatus, type OrderHistoryEntry, type OrderStatus } from '@pharma/contracts';
import { CardsPagination } from '../../../components/cards-pagination';
import { DataTable, usePagination } from '../../../components/data-table';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { DownloadButton } from '../../../components/download-button';
import { EmptyState } from '../../../components/empty-state';
import { FilterBar } from '../../../components/filter-bar';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { formatDateTime } from '../../../lib/format';
import { idFilter, useListParams } from '../../../lib/use-list-params';
import { phoneBelowPx, useWindowWidth } from '../../../lib/use-window-width';
import { OrganizationPicker } from '../../organizations';
import { useUserOptions } from '../../users';
import { exportOrderHistory, useOrderHistory, type OrderHistoryParams } from '../api/order-history-api';
import { OrderStatusTag } from '../components/order-status-tag';
import { orderItemPath } from '../paths';
import '../components/order-cards.css';

const filterNames = ['from', 'to', 'toStatus', 'byId', 'organizationId', 'number'] as const;

/** The order's number: any digits (leading zeros or not), searched on Enter or the button; an empty box clears it. */
function NumberSearch({ value, onSearch }: { value: string | undefined; onSearch: (number: string | undefined) => void }) {
  const { t } = useTranslation('orders');
  const [text, setText] = useState(value ?? '');
  useEffect(() => setText(value ?? ''), [value]);
  return (
    <Input.Search
      aria-label={t('history.number')}
      placeholder={t('history.number')}
      inputMode="numeric"
      allowClear
      maxLength={9}
      value={text}
      onChange={(e) => {
        const digits = e.target.value.replace(/\D/g, '');
        setText(digits);
        if (!digits) onSearch(undefined);
      }}
      onSearch={(q) => onSearch(q.replace(/\D/g, '') || undefined)}
      style={{ width: 200 }}
    />
  );
}

/** From → to: the creation has no "from". */
function StatusChange({ entry, wrap = false }: { entry: OrderHistoryEntry; wrap?: boolean }) {
  const { t } = useTranslation('orders');
  return (
    <Flex gap={4} align="center" wrap={wrap}>
      {entry.fromStatus ? <OrderStatusTag status={entry.fromStatus} /> : <Typography.Text type="secondary">{t('history.created')}</Typography.Text>}
      <ArrowRightOutlined aria-label={t('history.to')} style={{ fontSize: 11 }} />
      <OrderStatusTag status={entry.toStatus} />
    </Flex>
  );
}

/**
 * /order-history: every status change of the orders the user sees (as on /orders: a rep their own
 * orders', a chief the team's, the desk all), newest first — when, the order and its client, from → to,
 * who, why — by period, status moved to, who, client and number, all in the URL; a row opens the order.
 * A table at a desk, cards on a phone; the same as .xlsx.
 */
export function OrderHistoryPage() {
  const { t } = useTranslation('orders');
  const phone = useWindowWidth() < phoneBelowPx;
  const { page, size, filters, update } = useListParams(filterNames);
  const users = useUserOptions();
  const toStatus = filters.toStatus ? toOrderStatus(filters.toStatus) : undefined;
  const number = filters.number && /^\d{1,9}$/.test(filters.number) ? filters.number : undefined;
  const byId = idFilter(filters.byId);
  const organizationId = idFilter(filters.organizationId);
  const status = toStatus === 'unknown' ? undefined : toStatus;
  const params: OrderHistoryParams = {
    from: filters.from,
    to: filters.to,
    toStatus: status,
    byId,
    organizationId,
    number,
    page,
    size,
  };
  const query = useOrderHistory(params);
  const active = [filters.from ?? filters.to, status, byId, organizationId].filter(Boolean).length;

  return (
    <>
      <PageHeader
        title={t('nav:titles.orderHistory')}
        extra={
          <DownloadButton run={() => exportOrderHistory(params)} disabled={!query.data?.total}>
            {t('history.exportXlsx')}
          </DownloadButton>
        }
      />
      <Card variant="borderless" styles={{ body: { padding: 12 } }}>
        <FilterBar always={<NumberSearch value={number} onSearch={(next) => update({ number: next })} />} active={active}>
          <DateRangeFilter from={filters.from} to={filters.to} onChange={(range) => update(range)} />
          <Select<OrderStatus>
            aria-label={t('history.toStatus')}
            placeholder={t('history.anyStatus')}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            value={status}
            onChange={(next) => update({ toStatus: next })}
            options={orderStatuses.filter((s) => s !== 'unknown').map((s) => ({ value: s, label: t(`enums:orderStatus.${s}`) }))}
            style={{ width: 220 }}
          />
          <Select<number>
            aria-label={t('history.by')}
            placeholder={t('history.anyone')}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            value={byId}
            onChange={(id) => update({ byId: id })}
            options={(users.data ?? []).map((u) => ({ value: u.id, label: u.fullName }))}
            style={{ width: 220 }}
          />
          <div style={{ width: phone ? '100%' : 280 }}>
            <OrganizationPicker
              ariaLabel={t('history.client')}
              placeholder={t('history.anyClient')}
              value={organizationId ?? null}
              onChange={(id) => update({ organizationId: id })}
            />
          </div>
        </FilterBar>
        {phone ? (
          <HistoryCards query={query} page={page} size={size} onChange={update} />
        ) : (
          <HistoryDesk query={query} page={page} size={size} onChange={update} />
        )}
      </Card>
    </>
  );
}

interface ListProps {
  query: ReturnType<typeof useOrderHistory>;
  page: number;
  size: number;
  onChange: (patch: { page?: number; size?: number }) => void;
}

function HistoryDesk({ query, page, size, onChange }: ListProps) {
  const { t } = useTranslation('orders');
  const navigate = useNavigate();
  const pagination = usePagination(page, size, query.data?.total, (p, s) => onChange(s !== size ? { page: 1, size: s } : { page: p }));
  const columns: TableProps<OrderHistoryEntry>['columns'] = [
    { key: 'at', title: t('history.at'), render: (_, e) => <span className="nowrap">{formatDateTime(e.at)}</span> },
    {
      key: 'order',
      title: t('columns.number'),
      render: (_, e) => (
        <Link className="nowrap" to={orderItemPath(e.orderId)} onClick={(ev) => ev.stopPropagation()}>
          № {e.orderNumber}
        </Link>
      ),
    },
    { key: 'client', title: t('history.client'), dataIndex: 'organizationName' },
    { key: 'change', title: t('history.change'), render: (_, e) => <StatusChange entry={e} /> },
    { key: 'by', title: t('history.by'), dataIndex: 'byName' },
    { key: 'reason', title: t('history.reason'), render: (_, e) => e.reason ?? <span className="cell-muted">—</span> },
  ];
  return (
    <DataTable<OrderHistoryEntry>
      query={query}
      rows={query.data?.items}
      rowKey="id"
      columns={columns}
      pagination={pagination}
      scroll={{ x: true }}
      emptyText={t('history.empty')}
      errorTitle={t('history.loadError')}
      aria-label={t('nav:titles.orderHistory')}
      onRow={(e) => ({ onClick: () => void navigate(orderItemPath(e.orderId)), style: { cursor: 'pointer' } })}
    />
  );
}

/** A phone: one card per change — the order and when, from → to, the client, who and why; a tap opens the order. */
function HistoryCards({ query, page, size, onChange }: ListProps) {
  const { t } = useTranslation('orders');
  const navigate = useNavigate();
  if (query.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (query.isError && !query.data)
    return <QueryError error={query.error} title={t('history.loadError')} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  const items = query.data?.items ?? [];
  if (items.length === 0) return <EmptyState description={t('history.empty')} />;
  return (
    <Spin spinning={query.isFetching && query.isPlaceholderData}>
      <ul className="order-cards" aria-label={t('nav:titles.orderHistory')}>
        {items.map((e) => (
          <li key={e.id} data-testid="order-history-card">
            <Card size="small" className="order-card" onClick={() => void navigate(orderItemPath(e.orderId))}>
              <Flex justify="space-between" align="baseline" gap={8}>
                <Link className="order-card__title nowrap" to={orderItemPath(e.orderId)} onClick={(ev) => ev.stopPropagation()}>
                  № {e.orderNumber}
                </Link>
                <span className="cell-muted nowrap">{formatDateTime(e.at)}</span>
              </Flex>
              <div style={{ marginTop: 6 }}>
                <StatusChange entry={e} wrap />
              </div>
              <div className="order-card__org">{e.organizationName}</div>
              <div className="cell-muted">{e.byName}</div>
              {e.reason ? (
                <div>
                  {t('history.reason')}: {e.reason}
                </div>
              ) : null}
            </Card>
          </li>
        ))}
      </ul>
      <CardsPagination page={page} size={size} total={query.data?.total} onChange={onChange} />
    </Spin>
  );
}
