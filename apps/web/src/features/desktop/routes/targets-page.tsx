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

/** Settings → Targets: the reps in scope with their visits per day, coverage % and monthly sum, edited in the row and saved per rep. */
export function TargetsPage() {
  const { t } = useTranslation('desktop');
  const query = useTargets();
  const canEdit = useCan('visits.edit');
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
        scroll={{ x: 720 }}
        dataSource={query.data}
        columns={[
          { key: 'name', title: t('columns.rep'), dataIndex: 'fullName', fixed: 'left', width: 180 },
          { key: 'row', title: null, render: (_, r) => <TargetRow target={r} canEdit={canEdit} /> },
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

function TargetRow({ target, canEdit }: { target: RepTarget; canEdit: boolean }) {
  const { t } = useTranslation('desktop');
  const { message } = App.useApp();
  const save = useSaveTarget();
  const [draft, setDraft] = useState<RepTargetBody>({
    visitsPerDay: target.visitsPerDay,
    coveragePercent: target.coveragePercent,
    monthlySum: target.monthlySum,
  });
  const changed = draft.visitsPerDay !== target.visitsPerDay || draft.coveragePercent !== target.coveragePercent || draft.monthlySum !== target.monthlySum;
  return (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'center' }}>
      <InputNumber<number>
        min={0}
        max={100}
        precision={0}
        disabled={!canEdit}
        style={{ width: 150 }}
        addonBefore={undefined}
        placeholder={t('columns.visitsPerDay')}
        aria-label={t('columns.visitsPerDayOf', { name: target.fullName })}
        value={draft.visitsPerDay}
        onChange={(v) => setDraft({ ...draft, visitsPerDay: v ?? null })}
        suffix={t('units.perDay')}
      />
      <InputNumber<number>
        min={0}
        max={100}
        precision={0}
        disabled={!canEdit}
        style={{ width: 130 }}
        placeholder={t('columns.coveragePercent')}
        aria-label={t('columns.coveragePercentOf', { name: target.fullName })}
        value={draft.coveragePercent}
        onChange={(v) => setDraft({ ...draft, coveragePercent: v ?? null })}
        suffix="%"
      />
      <div style={{ width: 200 }}>
        <MoneyInput
          disabled={!canEdit}
          placeholder={t('columns.monthlySum')}
          aria-label={t('columns.monthlySumOf', { name: target.fullName })}
          value={draft.monthlySum}
          onChange={(v) => setDraft({ ...draft, monthlySum: v })}
        />
      </div>
      {canEdit ? (
        <Button
          type="primary"
          disabled={!changed}
          loading={save.isPending}
          onClick={() =>
            save.mutate(
              { userId: target.userId, body: draft },
              { onSuccess: () => void message.success(t('messages.targetsSaved')), onError: (error) => void message.error(errorMessage(error)) },
            )
          }
        >
          {t('actions.save')}
        </Button>
      ) : null}
    </div>
  );
}
