import { Card, Flex, Skeleton, Spin, type TableProps } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OrderSummary, Paged } from '@pharma/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { DataTable, usePagination } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { QueryError } from '../../../components/query-error';
import { Money, useMoneyTitle } from '../../../components/money';
import { sortable, sortParam } from '../../../components/sort';
import { formatDate, formatPercent } from '../../../lib/format';
import { phoneBelowPx, useWindowWidth } from '../../../lib/use-window-width';
import { orderItemPath } from '../paths';
import { OrderStatusTag } from './order-status-tag';
import './order-cards.css';
import { CardsPagination } from '../../../components/cards-pagination';

interface Props {
  query: UseQueryResult<Paged<OrderSummary>>;
  page: number;
  size: number;
  sort: string | undefined;
  onChange: (patch: { page?: number; size?: number; sort?: string }) => void;
  /** the agent of each order; not for a rep, whose orders are all their own */
  showAgent?: boolean;
}

/**
 * The operator's desk: number, date, organization, agent, status, client type, sum, prepayment, paid;
 * a row opens the order. On a phone (a rep checking their orders) each order is a card.
 */
export function OrdersTable(props: Props) {
  return useWindowWidth() < phoneBelowPx ? <OrderCards {...props} /> : <OrdersDesk {...props} />;
}

function OrdersDesk({ query, page, size, sort, onChange, showAgent = true }: Props) {
  const { t } = useTranslation('orders');
  const moneyTitle = useMoneyTitle();
  const navigate = useNavigate();
  const pagination = usePagination(page, size, query.data?.total, (p, s) => onChange(s !== size ? { page: 1, size: s } : { page: p }));
  const columns: TableProps<OrderSummary>['columns'] = [
    {
      key: 'number',
      title: t('columns.number'),
      ...sortable(sort, 'number'),
      render: (_, r) => (
        <Link className="nowrap" to={orderItemPath(r.id)} onClick={(e) => e.stopPropagation()}>
          № {r.number}
        </Link>
      ),
    },
    { key: 'date', title: t('columns.date'), ...sortable(sort, 'date'), render: (_, r) => <span className="nowrap">{formatDate(r.date)}</span> },
    { key: 'organization', dataIndex: 'organizationName', title: t('columns.organization') },
    ...(showAgent ? [{ key: 'agent', dataIndex: 'agentName', title: t('columns.agent'), responsive: ['md' as const] }] : []),
    { key: 'status', title: t('columns.status'), ...sortable(sort, 'status'), render: (_, r) => <OrderStatusTag status={r.status} /> },
    { key: 'clientType', title: t('columns.clientType'), responsive: ['lg'], render: (_, r) => t(`enums:clientType.${r.clientType}`) },
    {
      key: 'sumSale',
      title: moneyTitle(t('columns.sumSale')),
      align: 'right',
      ...sortable(sort, 'sumSale'),
      render: (_, r) => <Money value={r.sumSale} strong />,
    },
    {
      key: 'prepayment',
      title: moneyTitle(t('columns.prepayment')),
      align: 'right',
      responsive: ['lg'],
      render: (_, r) => (
        <span className="nowrap">
          <Money value={r.prepaymentAmount} /> <span className="cell-muted">({formatPercent(r.prepaymentPercent)})</span>
        </span>
      ),
    },
    { key: 'paid', title: moneyTitle(t('columns.paid')), align: 'right', responsive: ['md'], render: (_, r) => <Money value={r.paid} /> },
  ];
  return (
    <DataTable<OrderSummary>
      query={query}
      rows={query.data?.items}
      rowKey="id"
      columns={columns}
      pagination={pagination}
      scroll={{ x: true }}
      emptyText={t('messages.noOrders')}
      onRow={(r) => ({ onClick: () => void navigate(orderItemPath(r.id)), style: { cursor: 'pointer' } })}
      onChange={(_p, _f, sorter, extra) => {
        if (extra.action === 'sort') onChange({ sort: sortParam(sorter) });
      }}
    />
  );
}

/** The orders as cards for a 390 px phone: number and date, status, organization, agent, sum and paid; a tap opens the order. */
function OrderCards({ query, page, size, onChange, showAgent = true }: Props) {
  const { t } = useTranslation('orders');
  const navigate = useNavigate();
  if (query.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (query.isError && !query.data) return <QueryError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  const items = query.data?.items ?? [];
  if (items.length === 0) return <EmptyState description={t('messages.noOrders')} />;
  return (
    <Spin spinning={query.isFetching && query.isPlaceholderData}>
      <ul className="order-cards" aria-label={t('nav:titles.orders')}>
        {items.map((r) => (
          <li key={r.id} data-testid="order-card">
            <Card size="small" className="order-card" onClick={() => void navigate(orderItemPath(r.id))}>
              <Flex justify="space-between" align="flex-start" gap={8}>
                <Link className="order-card__title nowrap" to={orderItemPath(r.id)} onClick={(e) => e.stopPropagation()}>
                  № {r.number} · {formatDate(r.date)}
                </Link>
                <OrderStatusTag status={r.status} />
              </Flex>
              <div className="order-card__org">{r.organizationName}</div>
              {showAgent ? <div className="cell-muted">{r.agentName}</div> : null}
              <div className="order-card__sums">
                <span className="cell-muted">
                  {t('columns.paid')}: <Money value={r.paid} currency />
                </span>
                <Money value={r.sumSale} currency strong />
              </div>
            </Card>
          </li>
        ))}
      </ul>
      <CardsPagination page={page} size={size} total={query.data?.total} onChange={onChange} />
    </Spin>
  );
}
