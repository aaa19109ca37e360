import { App, Button, Card, Descriptions, Empty, Flex, List, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { MyTest } from '@pharma/contracts';
import { QueryError } from '../../../components/query-error';
import { errorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useMyTests, useStartAttempt } from '../api/testing-api';
import { useTestText } from './use-test-text';

export const attemptPath = (id: number) => paths.testingAttempt.replace(':id', String(id));

function Status({ test }: { test: MyTest }) {
  const { t } = useTranslation('testing');
  if (test.passed) return <Tag color="green">{t('status.passed')}</Tag>;
  if (test.openAttemptId) return <Tag color="blue">{t('status.inProgress')}</Tag>;
  if (test.attemptsUsed === 0) return <Tag>{t('status.notStarted')}</Tag>;
  return <Tag color={test.attemptsLeft > 0 ? 'orange' : 'red'}>{t('status.failed')}</Tag>;
}

/** The tests assigned to me: status, best score, attempts left, due date; start, continue or see the result. */
export function MyTests() {
  const { t } = useTranslation('testing');
  const { message } = App.useApp();
  const text = useTestText();
  const navigate = useNavigate();
  const tests = useMyTests();
  const start = useStartAttempt();
  if (tests.isError) return <QueryError error={tests.error} onRetry={() => void tests.refetch()} />;
  if (tests.isPending) return <Skeleton active />;
  if (tests.data.length === 0) return <Empty description={t('my.empty')} />;
  return (
    <List
      grid={{ gutter: 12, xs: 1, sm: 1, md: 2, lg: 2, xl: 3, xxl: 3 }}
      dataSource={tests.data}
      renderItem={(test) => (
        <List.Item>
          <Card title={text(test.title)} extra={<Status test={test} />} role="article" aria-label={text(test.title)}>
            <Descriptions size="small" column={1}>
              <Descriptions.Item label={t('my.bestScore')}>{test.bestScore === null ? '—' : `${test.bestScore}%`}</Descriptions.Item>
              <Descriptions.Item label={t('my.passMark')}>{test.passMark}%</Descriptions.Item>
              <Descriptions.Item label={t('my.attemptsLeft')}>{t('my.attemptsOf', { left: test.attemptsLeft, total: test.attemptsAllowed })}</Descriptions.Item>
              <Descriptions.Item label={t('my.questions')}>
                {t('my.questionsAndTime', { count: test.questionCount, minutes: test.timeLimitMinutes })}
              </Descriptions.Item>
              {test.dueDate ? <Descriptions.Item label={t('my.due')}>{test.dueDate.split('-').reverse().join('.')}</Descriptions.Item> : null}
            </Descriptions>
            <Flex gap={8} wrap>
              {test.openAttemptId ? (
                <Button type="primary" onClick={() => void navigate(attemptPath(test.openAttemptId!))}>
                  {t('my.continue')}
                </Button>
              ) : test.attemptsLeft > 0 ? (
                <Button
                  type="primary"
                  loading={start.isPending && start.variables === test.id}
                  onClick={() =>
                    start.mutate(test.id, {
                      onSuccess: (attempt) => void navigate(attemptPath(attempt.id)),
                      onError: (e) => void message.error(errorMessage(e)),
                    })
                  }
                >
                  {test.attemptsUsed === 0 ? t('my.start') : t('my.retake')}
                </Button>
              ) : null}
              {test.lastAttemptId ? <Button onClick={() => void navigate(attemptPath(test.lastAttemptId!))}>{t('my.lastResult')}</Button> : null}
            </Flex>
          </Card>
        </List.Item>
      )}
    />
  );
}
