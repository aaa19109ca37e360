import { useState } from 'react';
import { App, Button, Card, InputNumber, Skeleton, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RepTarget, RepTargetBody } from '@pharma/contracts';
import { EmptyState } from '../../../components/empty-state';
import { MoneyInput } from '../../../components/money';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { errorMessage } from '../../../lib/api-client';
import { useCan } from '../../../lib/permissions';
import { useSaveTarget, useTargets } from '../api/targets';
import '../desktop.css';

const bodyOf = (t: RepTarget): RepTargetBody => ({ visitsPerDay: t.visitsPerDay, coveragePercent: t.coveragePercent, monthlySum: t.monthlySum });
const same = (a: RepTargetBody, b: RepTargetBody) =>
  a.visitsPerDay === b.visitsPerDay && a.coveragePercent === b.coveragePercent && a.monthlySum === b.monthlySum;

/** Settings → Targets: the reps in scope with their visits per day, coverage % and monthly sum, edited in the row and saved per rep. */
export function TargetsPage() {
  const { t } = useTranslation('desktop');
  const { message } = App.useApp();
  const query = useTargets();
  const save = useSaveTarget();
  const canEdit = useCan('visits.edit');
  const [drafts, setDrafts] = useState<Record<number, RepTargetBody>>({});
  const draftOf = (r: RepTarget) => drafts[r.userId] ?? bodyOf(r);
  const change = (r: RepTarget, patch: Partial<RepTargetBody>) => setDrafts((d) => ({ ...d, [r.userId]: { ...draftOf(r), ...patch } }));
  let body;
  if (query.isPending) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (query.isError)
    body = <QueryError error={query.error} title={t('messages.targetsLoadError')} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else if (query.data.length === 0) body = <EmptyState description={t('messages.noReps')} />;
  else
    body = (
      <Table
        size="small"
        rowKey="userId"
        pagination={false}
        scroll={{ x: 760 }}
        dataSource={query.data}
        columns={[
          { key: 'name', title: t('columns.rep'), dataIndex: 'fullName', fixed: 'left', width: 150 },
          {
            key: 'visitsPerDay',
            title: t('columns.visitsPerDay'),
            width: 140,
            render: (_, r) => (
              <InputNumber<number>
                min={0}
                max={100}
                precision={0}
                disabled={!canEdit}
                style={{ width: '100%' }}
                aria-label={t('columns.visitsPerDayOf', { name: r.fullName })}
                value={draftOf(r).visitsPerDay}
                onChange={(v) => change(r, { visitsPerDay: v ?? null })}
              />
            ),
          },
          {
            key: 'coveragePercent',
            title: `${t('columns.coveragePercent')}, %`,
            width: 120,
            render: (_, r) => (
              <InputNumber<number>
                min={0}
                max={100}
                precision={0}
                disabled={!canEdit}
                style={{ width: '100%' }}
                aria-label={t('columns.coveragePercentOf', { name: r.fullName })}
                value={draftOf(r).coveragePercent}
                onChange={(v) => change(r, { coveragePercent: v ?? null })}
              />
            ),
          },
          {
            key: 'monthlySum',
            title: t('columns.monthlySum'),
            width: 200,
            render: (_, r) => (
              <MoneyInput
                disabled={!canEdit}
                aria-label={t('columns.monthlySumOf', { name: r.fullName })}
                value={draftOf(r).monthlySum}
                onChange={(v) => change(r, { monthlySum: v })}
              />
            ),
          },
          ...(canEdit
            ? [
                {
                  key: 'save',
                  width: 130,
                  render: (_: unknown, r: RepTarget) => (
                    <Button
                      type="primary"
                      disabled={same(draftOf(r), bodyOf(r))}
                      loading={save.isPending && save.variables?.userId === r.userId}
                      aria-label={t('actions.saveOf', { name: r.fullName })}
                      onClick={() =>
                        save.mutate(
                          { userId: r.userId, body: draftOf(r) },
                          {
                            onSuccess: () => {
                              setDrafts(({ [r.userId]: _saved, ...rest }) => rest);
                              void message.success(t('messages.targetsSaved'));
                            },
                            onError: (error) => void message.error(errorMessage(error)),
                          },
                        )
                      }
                    >
                      {t('actions.save')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
    );
  return (
    <>
      <PageHeader title={t('nav:titles.targets')} subtitle={t('subtitles.targets')} />
      <Card variant="borderless">{body}</Card>
    </>
  );
}
