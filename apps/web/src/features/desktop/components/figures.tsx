import { Card, List, Skeleton, Table, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { planShare, type DesktopFigures } from '@pharma/contracts';
import { EmptyState } from '../../../components/empty-state';
import { QueryError } from '../../../components/query-error';
import { formatMoney, formatNumber } from '../../../lib/format';
import { hrefOf } from '../../../lib/paths';
import { useDesktopFigures } from '../api/get-figures';
import { Kpi } from './kpi';

const percent = (value: number | null) => (value === null ? '—' : `${formatNumber(Math.round(value * 10) / 10, 1)} %`);

/** Today's visits, the month's visits and sum against the plan, coverage; a rep's uncovered organizations or the team's reps. */
export function FiguresSection({ part = 'all' }: { part?: 'all' | 'cards' | 'details' }) {
  const { t } = useTranslation('desktop');
  const query = useDesktopFigures();
  if (query.isPending) return part === 'details' ? null : <Skeleton active paragraph={{ rows: 4 }} />;
  if (query.isError && part === 'details') return null;
  if (query.isError)
    return <QueryError error={query.error} title={t('messages.figuresLoadError')} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  const f = query.data;
  const coverageShare = f.coverage.percent !== null && f.coverage.plan ? f.coverage.percent / f.coverage.plan : null;
  return (
    <section className="desktop-section" aria-label={part === 'details' ? undefined : t('sections.figures')}>
      {part === 'details' ? null : (
        <div className="desktop-kpis">
          <Kpi
            id="today"
            title={t('kpi.today')}
            value={`${formatNumber(f.todayVisits.completed)} / ${formatNumber(f.todayVisits.planned)}`}
            plan={f.todayVisits.plan === null ? '' : formatNumber(f.todayVisits.plan)}
            share={f.todayVisits.plan ? f.todayVisits.completed / f.todayVisits.plan : null}
          />
          <Kpi
            id="monthVisits"
            title={t('kpi.monthVisits')}
            value={formatNumber(f.monthVisits.fact)}
            plan={f.monthVisits.plan === null ? '' : formatNumber(f.monthVisits.plan)}
            share={planShare(f.monthVisits)}
          />
          <Kpi
            id="monthSum"
            title={t('kpi.monthSum')}
            value={formatMoney(f.monthSum.fact)}
            plan={f.monthSum.plan === null ? '' : formatMoney(f.monthSum.plan)}
            share={planShare(f.monthSum)}
          />
          <Kpi
            id="coverage"
            title={t('kpi.coverage', { covered: formatNumber(f.coverage.covered), total: formatNumber(f.coverage.total) })}
            value={percent(f.coverage.percent)}
            plan={f.coverage.plan === null ? '' : percent(f.coverage.plan)}
            share={coverageShare}
          />
        </div>
      )}
      {part === 'cards' ? null : f.reps.length > 0 ? <RepsTable reps={f.reps} /> : <Uncovered uncovered={f.uncovered} />}
    </section>
  );
}

function Uncovered({ uncovered }: { uncovered: DesktopFigures['uncovered'] }) {
  const { t } = useTranslation('desktop');
  return (
    <Card size="small" title={t('sections.uncovered', { count: uncovered.count })} variant="borderless">
      {uncovered.items.length === 0 ? (
        <EmptyState description={t('messages.allCovered')} />
      ) : (
        <List
          size="small"
          dataSource={uncovered.items}
          renderItem={(o) => (
            <List.Item>
              <div>
                <Link to={hrefOf('organization', { id: o.id })}>{o.name}</Link>
                {o.address ? (
                  <Typography.Text type="secondary" className="desktop-inbox__meta" style={{ display: 'block' }}>
                    {o.address}
                  </Typography.Text>
                ) : null}
              </div>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

function RepsTable({ reps }: { reps: DesktopFigures['reps'] }) {
  const { t } = useTranslation('desktop');
  const planFact = (fact: string, plan: string | null) => (plan === null ? fact : `${fact} / ${plan}`);
  return (
    <Card size="small" title={t('sections.team')} variant="borderless">
      <Table
        size="small"
        rowKey="userId"
        pagination={false}
        scroll={{ x: 640 }}
        dataSource={reps}
        columns={[
          { key: 'name', title: t('columns.rep'), dataIndex: 'fullName' },
          { key: 'today', title: t('columns.today'), align: 'right', render: (_, r) => formatNumber(r.todayCompleted) },
          {
            key: 'visits',
            title: t('columns.monthVisits'),
            align: 'right',
            render: (_, r) => planFact(formatNumber(r.monthVisits.fact), r.monthVisits.plan === null ? null : formatNumber(r.monthVisits.plan)),
          },
          {
            key: 'sum',
            title: t('columns.monthSum'),
            align: 'right',
            render: (_, r) => planFact(formatMoney(r.monthSum.fact), r.monthSum.plan === null ? null : formatMoney(r.monthSum.plan)),
          },
          {
            key: 'coverage',
            title: t('columns.coverage'),
            align: 'right',
            render: (_, r) => planFact(percent(r.coveragePercent), r.coveragePlan === null ? null : percent(r.coveragePlan)),
          },
        ]}
      />
    </Card>
  );
}
