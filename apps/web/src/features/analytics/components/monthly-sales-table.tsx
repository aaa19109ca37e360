import { Skeleton, Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { growth, planFulfilment, type MonthlySalesRow } from '@pharma/contracts';
import { Money } from '../../../components/money';
import { QueryError } from '../../../components/query-error';
import { formatNumber } from '../../../lib/format';
import { formatChange } from '../format-measure';
import { useMonthlySales, type MonthlySalesParams } from '../api/get-monthly-sales';

/** Products (categories, producers) × months: quantity and sum per month, the plan and its fulfilment, growth against last year; totals. */
export function MonthlySalesTable({ query }: { query: MonthlySalesParams }) {
  const { t } = useTranslation('statistics');
  const sales = useMonthlySales(query);
  if (sales.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (sales.isError && !sales.data) return <QueryError error={sales.error} onRetry={() => void sales.refetch()} retrying={sales.isFetching} />;
  const data = sales.data!;
  const by = data.by;
  const columns: TableProps<MonthlySalesRow>['columns'] = [
    {
      key: 'name',
      title: t(`analytics:dimensions.${by}`),
      fixed: 'left',
      width: 240,
      sorter: (a, b) => String(a.name).localeCompare(String(b.name)),
      render: (_, r) => r.name ?? t('labels.notSet'),
    },
    ...data.months.map((m) => ({
      key: m,
      title: m.slice(0, 7),
      align: 'right' as const,
      sorter: (a: MonthlySalesRow, b: MonthlySalesRow) => (a.months[m]?.sum ?? 0) - (b.months[m]?.sum ?? 0),
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
    { key: 'quantity', title: t('labels.quantity'), align: 'right', sorter: (a, b) => a.quantity - b.quantity, render: (_, r) => formatNumber(r.quantity) },
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
      defaultSortOrder: 'descend',
      sorter: (a, b) => a.sum - b.sum,
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
      pagination={data.rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('labels.noData') }}
      summary={() =>
        data.rows.length ? (
          <Table.Summary.Row className="row-total">
            <Table.Summary.Cell index={0}>{t('labels.total')}</Table.Summary.Cell>
            {data.months.map((m, i) => (
              <Table.Summary.Cell key={m} index={i + 1} align="right">
                <Money value={data.rows.reduce((s, r) => s + (r.months[m]?.sum ?? 0), 0)} />
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
