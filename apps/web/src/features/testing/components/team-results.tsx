import { Card, Empty, Flex, List, Progress, Select, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { TeamResult } from '@pharma/contracts';
import { QueryError } from '../../../components/query-error';
import { useTeamResults, useTests, useWeakQuestions } from '../api/testing-api';
import { attemptPath } from './my-tests';
import { useTestText } from './use-test-text';

const sizes = [25, 50, 100];

/** The finished attempts of the people in my scope, filtered by test and outcome (kept in the URL), and the weak questions. */
export function TeamResults({ canManage }: { canManage: boolean }) {
  const { t, i18n } = useTranslation('testing');
  const text = useTestText();
  const [params, setParams] = useSearchParams();
  const testId = Number(params.get('test')) || undefined;
  const passed = (params.get('passed') as 'yes' | 'no' | null) ?? undefined;
  const page = Number(params.get('page')) || 1;
  const size = sizes.includes(Number(params.get('size'))) ? Number(params.get('size')) : 25;
  const set = (patch: Record<string, string | undefined>) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      for (const [k, v] of Object.entries(patch))
        if (v) next.set(k, v);
        else next.delete(k);
      return next;
    });
  const tests = useTests(canManage);
  const results = useTeamResults({ testId, passed, page, size });
  const weak = useWeakQuestions(testId);
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'short', timeZone: 'Asia/Tashkent' });

  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap>
        {canManage ? (
          <Select
            allowClear
            style={{ minWidth: 240 }}
            aria-label={t('results.test')}
            placeholder={t('results.allTests')}
            value={testId}
            options={(tests.data ?? []).map((x) => ({ value: x.id, label: text(x.title) }))}
            onChange={(v?: number) => set({ test: v ? String(v) : undefined, page: undefined })}
          />
        ) : null}
        <Select
          allowClear
          style={{ minWidth: 160 }}
          aria-label={t('results.outcome')}
          placeholder={t('results.anyOutcome')}
          value={passed}
          options={[
            { value: 'yes', label: t('status.passed') },
            { value: 'no', label: t('status.failed') },
          ]}
          onChange={(v?: string) => set({ passed: v, page: undefined })}
        />
      </Flex>
      {results.isError ? <QueryError error={results.error} onRetry={() => void results.refetch()} /> : null}
      <Card variant="borderless" title={t('results.title')}>
        <Table<TeamResult>
          rowKey="attemptId"
          size="small"
          loading={results.isPending || results.isFetching}
          dataSource={results.data?.items ?? []}
          scroll={{ x: 640 }}
          locale={{ emptyText: <Empty description={t('results.empty')} /> }}
          pagination={{
            current: page,
            pageSize: size,
            total: results.data?.total ?? 0,
            pageSizeOptions: sizes,
            showSizeChanger: true,
            onChange: (p, s) => set({ page: String(p), size: String(s) }),
          }}
          columns={[
            { key: 'user', title: t('results.user'), render: (_, r) => r.userName },
            { key: 'test', title: t('results.test'), render: (_, r) => text(r.title) },
            { key: 'finished', title: t('results.finished'), render: (_, r) => when(r.finishedAt) },
            { key: 'score', title: t('results.score'), align: 'right', render: (_, r) => `${r.score}%` },
            {
              key: 'passed',
              title: t('results.outcome'),
              render: (_, r) => (r.passed ? <Tag color="green">{t('status.passed')}</Tag> : <Tag color="red">{t('status.failed')}</Tag>),
            },
            { key: 'open', title: '', render: (_, r) => <Link to={attemptPath(r.attemptId)}>{t('results.answers')}</Link> },
          ]}
        />
      </Card>
      <Card variant="borderless" title={t('weak.title')}>
        {weak.isError ? <QueryError error={weak.error} onRetry={() => void weak.refetch()} /> : null}
        <List
          loading={weak.isPending}
          dataSource={weak.data ?? []}
          locale={{ emptyText: <Empty description={t('weak.empty')} /> }}
          renderItem={(w) => (
            <List.Item>
              <Flex vertical style={{ width: '100%' }} gap={2}>
                <Typography.Text>{text(w.text)}</Typography.Text>
                <Flex gap={8} align="center">
                  <Progress percent={Math.round(w.wrongShare * 100)} size="small" status="exception" style={{ flex: 1, margin: 0 }} />
                  <Typography.Text type="secondary">{t('weak.wrongOf', { wrong: w.wrong, answered: w.answered })}</Typography.Text>
                </Flex>
              </Flex>
            </List.Item>
          )}
        />
      </Card>
    </Flex>
  );
}
