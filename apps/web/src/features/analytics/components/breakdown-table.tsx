import { Table, type TableProps } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AnalyticsBreakdown, BreakdownRow, MeasureKey } from '@pharma/contracts';
import { formatMeasure } from '../format-measure';
import { Change } from './kpi-cards';

/** A row's name: a record's name, a value's translation (types, statuses, months), or "Not set". */
export function useRowName(by: AnalyticsBreakdown['by']) {
  const { t } = useTranslation(['statistics', 'analytics']);
  return (row: BreakdownRow) => {
    if (row.key === null) return t('labels.notSet');
    if (row.name) return row.name;
    const key = String(row.key);
    if (by === 'organizationType') return t(`enums:organizationType.${key}`);
    if (by === 'clientType') return t(`enums:clientType.${key}`);
    if (by === 'orderStatus') return t(`enums:orderStatus.${key}`);
    if (by === 'month') return key.slice(0, 7);
    return key;
  };
}

/**
 * A breakdown (the data table under a chart, and every report): a row per key, the chosen measures
 * with their change against the previous period, sortable, the totals in the last row.
 */
export function BreakdownTable({
  breakdown,
  measures,
  loading,
  rowHref,
}: {
  breakdown: AnalyticsBreakdown;
  measures: readonly MeasureKey[];
  loading?: boolean;
  rowHref?: (row: BreakdownRow) => string | undefined;
}) {
  const { t } = useTranslation(['statistics', 'analytics']);
  const nameOf = useRowName(breakdown.by);
  const columns: TableProps<BreakdownRow>['columns'] = [
    {
      key: 'name',
      title: t(`analytics:dimensions.${breakdown.by}`),
      fixed: 'left',
      width: 220,
      sorter: (a, b) => (breakdown.by === 'month' ? String(a.key).localeCompare(String(b.key)) : nameOf(a).localeCompare(nameOf(b))),
      render: (_, row) => {
        const href = rowHref?.(row);
        return href ? <Link to={href}>{nameOf(row)}</Link> : nameOf(row);
      },
    },
    ...measures.map((m): NonNullable<TableProps<BreakdownRow>['columns']>[number] => ({
      key: m,
      title: t(`analytics:measures.${m}`),
      align: 'right',
      sorter: (a, b) => (a.figures[m] ?? -Infinity) - (b.figures[m] ?? -Infinity),
      render: (_, row) => (
        <div className="figure-cell">
          <span className="nowrap">{formatMeasure(m, row.figures[m])}</span>
          <Change measure={m} current={row.figures[m]} earlier={row.previous[m]} label={t('labels.vsPrevious')} />
        </div>
      ),
    })),
  ];
  return (
    <Table<BreakdownRow>
      size="small"
      rowKey={(row) => String(row.key)}
      dataSource={breakdown.rows}
      columns={columns}
      loading={loading}
      pagination={breakdown.rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('labels.noData') }}
      summary={() =>
        breakdown.rows.length ? (
          <Table.Summary fixed="bottom">
            <Table.Summary.Row className="row-total">
              <Table.Summary.Cell index={0}>{t('labels.total')}</Table.Summary.Cell>
              {measures.map((m, i) => (
                <Table.Summary.Cell key={m} index={i + 1} align="right">
                  <div className="figure-cell">
                    <strong className="nowrap" data-testid={`total-${m}`}>
                      {formatMeasure(m, breakdown.total[m])}
                    </strong>
                    <Change measure={m} current={breakdown.total[m]} earlier={breakdown.previousTotal[m]} label={t('labels.vsPrevious')} />
                  </div>
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          </Table.Summary>
        ) : null
      }
    />
  );
}
