import { Card, Flex, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LeadStage, LeadStats } from '@pharma/contracts';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { EmptyState } from '../../../components/empty-state';
import { QueryError } from '../../../components/query-error';
import { formatNumber } from '../../../lib/format';
import { useLeadStats } from '../api/leads-api';
import { StageKindTag, useStageName } from './lead-labels';

type SourceRow = LeadStats['bySource'][number];
type StageRow = LeadStats['byStage'][number];

/** Conversion per source and the time leads stay in each stage over a period. */
export function LeadStatsView({
  stages,
  from,
  to,
  onRange,
}: {
  stages: LeadStage[] | undefined;
  from: string | undefined;
  to: string | undefined;
  onRange: (range: { from: string | undefined; to: string | undefined }) => void;
}) {
  const { t } = useTranslation('leads');
  const stageName = useStageName();
  const query = useLeadStats({ from, to });
  const empty = <EmptyState description={t('stats.empty')} />;
  return (
    <Flex vertical gap={16}>
      <DateRangeFilter from={from} to={to} onChange={onRange} label={t('stats.period')} />
      {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
      <Card title={t('stats.bySource')} variant="borderless">
        <Table<SourceRow>
          size="small"
          rowKey="source"
          loading={query.isPending}
          dataSource={query.data?.bySource}
          pagination={false}
          locale={{ emptyText: empty }}
          columns={[
            { key: 'source', title: t('fields.source'), render: (_, r) => t(`enums:leadSource.${r.source}`) },
            { key: 'total', title: t('stats.total'), dataIndex: 'total', align: 'right' },
            { key: 'won', title: t('stats.won'), dataIndex: 'won', align: 'right' },
            { key: 'lost', title: t('stats.lost'), dataIndex: 'lost', align: 'right' },
            {
              key: 'conversion',
              title: t('stats.conversion'),
              align: 'right',
              render: (_, r) => (r.conversionRate === null ? '—' : `${formatNumber(r.conversionRate, 1)} %`),
            },
          ]}
        />
      </Card>
      <Card title={t('stats.byStage')} variant="borderless">
        <Table<StageRow>
          size="small"
          rowKey="stageId"
          loading={query.isPending}
          dataSource={query.data?.byStage}
          pagination={false}
          locale={{ emptyText: empty }}
          columns={[
            {
              key: 'stage',
              title: t('fields.stage'),
              render: (_, r) => {
                const stage = stages?.find((s) => s.id === r.stageId);
                return stage ? <StageKindTag kind={stage.kind} label={stageName(stage)} /> : r.stageId;
              },
            },
            { key: 'count', title: t('stats.now'), dataIndex: 'count', align: 'right' },
            { key: 'entered', title: t('stats.entered'), dataIndex: 'entered', align: 'right' },
            { key: 'avgDays', title: t('stats.avgDays'), align: 'right', render: (_, r) => (r.avgDays === null ? '—' : formatNumber(r.avgDays, 1)) },
          ]}
        />
      </Card>
    </Flex>
  );
}
