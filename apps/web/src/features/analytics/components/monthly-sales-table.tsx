import { Skeleton, Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { growth, monthSortKey, pageSizes, parseSort, planFulfilment, type MonthlySalesRow } from '@pharma/contracts';
import { Money } from '../../../components/money';
import { QueryError } from '../../../components/query-error';
import { formatNumber } from '../../../lib/format';
import { formatChange } from '../format-measure';
import { useMonthlySales, type MonthlySalesParams } from '../api/get-monthly-sales';

/**
 * Products (categories, producers) × months: quantity and sum per month, the plan and its fulfilment, growth
 * against last year; totals of every row. A page at a time, sorted by the server (the sort and page go into the address).
 */
export function MonthlySalesTable({ query, onPage }: { query: MonthlySalesParams; onPage: (patch: Record<string, string | number | undefined>) => void }) {
  const { t } = useTranslation(['statistics', 'analytics']);
  const sales = useMonthlySales(query);
  if (sales.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (sales.isError && !sales.data) return <QueryError error={sales.error} onRetry={() => void sales.refetch()} retrying={sales.isFetching} />;
  const data = sales.data!;
  const by = data.by;
  // by sum, largest first, unless the address says otherwise
  const sorted = query.sort ? parseSort(query.sort, [query.sort.replace(/^-/, '')], 'sum') : { field: 'sum', desc: true };
  const orderOf = (key: string) => (sorted.field === key ? (sorted.desc ? ('descend' as const) : ('ascend' as const)) : null);
  const columns: TableProps<MonthlySalesRow>['columns'] = [
    {
      key: 'name',
      title: t(`analytics:dimensions.${by}`),
      fixed: 'left',
      width: 240,
      sorter: true,
      sortOrder: orderOf('name'),
      render: (_, r) => r.name ?? t('labels.notSet'),
    },
    ...data.months.map((m) => ({
      key: monthSortKey(m),
      title: m.slice(0, 7),
      align: 'right' as const,
      sorter: true,
      sortOrder: orderOf(monthSortKey(m)),
      render: (_: unknown, r: MonthlySalesRow) => {
        const cell = r.months[m];
        if (!cell) return '—';
        return (
          <div className="figure-cell">
            <Money value={cell.sum} />
            <span className="kpi-change">
              {formatNumber(cell.quantity)}
              {cell.plan !== null ? ` / ${formatNumber(cell.plan)}` : ''}
            </span>
          </div>
        );
      },
    })),
    { key: 'quantity', title: t('labels.quantity'), align: 'right', sorter: true, sortOrder: orderOf('quantity'), render: (_, r) => formatNumber(r.quantity) },
    { key: 'plan', title: t('labels.plan'), align: 'right', render: (_, r) => (r.plan === null ? '—' : formatNumber(r.plan)) },
    {
      key: 'fulfilment',
      title: t('labels.fulfilment'),
      align: 'right',
      render: (_, r) => {
        const share = planFulfilment(r.quantity, r.plan);
        return share === null ? '—' : `${formatNumber(Math.round(share * 1000) / 10, 1)} %`;
      },
    },
    {
      key: 'sum',
      title: t('labels.sum'),
      align: 'right',
      sorter: true,
      sortOrder: orderOf('sum'),
      render: (_, r) => <Money value={r.sum} strong />,
    },
    { key: 'growth', title: t('labels.growth'), align: 'right', render: (_, r) => formatChange(growth(r.sum, r.previousSum)) },
  ];
  return (
    <Table<MonthlySalesRow>
      size="small"
      rowKey={(r) => String(r.key)}
      dataSource={data.rows}
      columns={columns}
      loading={sales.isFetching}
      pagination={
        data.rowCount > data.size || data.page > 1
          ? { current: data.page, pageSize: data.size, total: data.rowCount, pageSizeOptions: pageSizes.map(String), showSizeChanger: true }
          : false
      }
      onChange={(pagination, _filters, sorter, { action }) => {
        const one = Array.isArray(sorter) ? sorter[0] : sorter;
        if (action === 'sort') onPage({ sort: one?.order ? `${one.order === 'descend' ? '-' : ''}${String(one.columnKey)}` : undefined });
        else onPage({ page: pagination.current, size: pagination.pageSize });
      }}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('labels.noData') }}
      summary={() =>
        data.rowCount ? (
          <Table.Summary.Row className="row-total">
            <Table.Summary.Cell index={0}>{t('labels.total')}</Table.Summary.Cell>
            {data.months.map((m, i) => (
              <Table.Summary.Cell key={m} index={i + 1} align="right">
                <Money value={data.total.months[m]?.sum ?? 0} />
              </Table.Summary.Cell>
            ))}
            <Table.Summary.Cell index={data.months.length + 1} align="right">
              {formatNumber(data.total.quantity)}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={data.months.length + 2} align="right">
              {data.total.plan === null ? '—' : formatNumber(data.total.plan)}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={data.months.length + 3} align="right">
              {(() => {
                const share = planFulfilment(data.total.quantity, data.total.plan);
                return share === null ? '—' : `${formatNumber(Math.round(share * 1000) / 10, 1)} %`;
              })()}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={data.months.length + 4} align="right">
              <Money value={data.total.sum} strong />
            </Table.Summary.Cell>
            <Table.Summary.Cell index={data.months.length + 5} align="right">
              {formatChange(growth(data.total.sum, data.total.previousSum))}
            </Table.Summary.Cell>
          </Table.Summary.Row>
        ) : null
      }
    />
  );
}
