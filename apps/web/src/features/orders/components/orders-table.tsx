import type { TableProps } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OrderSummary, Paged } from '@pharma/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { DataTable, usePagination } from '../../../components/data-table';
import { Money, useMoneyTitle } from '../../../components/money';
import { sortable, sortParam } from '../../../components/sort';
import { formatDate, formatPercent } from '../../../lib/format';
import { orderItemPath } from '../paths';
import { OrderStatusTag } from './order-status-tag';

interface Props {
  query: UseQueryResult<Paged<OrderSummary>>;
  page: number;
  size: number;
  sort: string | undefined;
  onChange: (patch: { page?: number; size?: number; sort?: string }) => void;
}

/** The operator's desk: number, date, organization, agent, status, client type, sum, prepayment, paid; a row opens the order. */
export function OrdersTable({ query, page, size, sort, onChange }: Props) {
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
    { key: 'agent', dataIndex: 'agentName', title: t('columns.agent'), responsive: ['md'] },
    { key: 'status', title: t('columns.status'), ...sortable(sort, 'status'), render: (_, r) => <OrderStatusTag status={r.status} /> },
    { key: 'clientType', title: t('columns.clientType'), responsive: ['lg'], render: (_, r) => t(`enums:clientType.${r.clientType}`) },
    { key: 'sumSale', title: moneyTitle(t('columns.sumSale')), align: 'right', ...sortable(sort, 'sumSale'), render: (_, r) => <Money value={r.sumSale} strong /> },
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
