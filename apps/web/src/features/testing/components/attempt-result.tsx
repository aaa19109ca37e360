import { Card, Flex, List, Result, Space, Tag, Typography } from 'antd';
import { CheckCircleTwoTone, CloseCircleTwoTone, MinusCircleTwoTone } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Attempt, AttemptQuestion } from '@pharma/contracts';
import { useTestText } from './use-test-text';

function Mark({ q }: { q: AttemptQuestion }) {
  const { t } = useTranslation('testing');
  const credit = q.result?.credit ?? 0;
  if (q.result?.correct) return <CheckCircleTwoTone twoToneColor="#52c41a" aria-label={t('result.right')} />;
  if (credit > 0) return <MinusCircleTwoTone twoToneColor="#faad14" aria-label={t('result.partly')} />;
  return <CloseCircleTwoTone twoToneColor="#ff4d4f" aria-label={t('result.wrong')} />;
}

/** A finished attempt: the score, passed or not, and per question the answer given and the right one. */
export function AttemptResult({ attempt, own }: { attempt: Attempt; own: boolean }) {
  const { t, i18n } = useTranslation('testing');
  const text = useTestText();
  const optionText = (q: AttemptQuestion, ids: number[]) =>
    q.options
      .filter((o) => ids.includes(o.id))
      .map((o) => text(o.text))
      .join('; ');
  const score = attempt.score ?? 0;
  return (
    <Flex vertical gap={12}>
      <Card variant="borderless">
        <Result
          status={attempt.passed ? 'success' : 'warning'}
          title={attempt.passed ? t('result.passed') : t('result.failed')}
          subTitle={
            <Space orientation="vertical" size={2}>
              <span>{text(attempt.title)}</span>
              {!own ? <span>{attempt.userName}</span> : null}
              <span>
                {t('result.score', { score: score.toLocaleString(i18n.language) })} · {t('result.passMark', { mark: attempt.passMark })}
              </span>
            </Space>
          }
        />
      </Card>
      <List
        header={<Typography.Text strong>{t('result.answers')}</Typography.Text>}
        dataSource={attempt.questions}
        renderItem={(q, i) => {
          const given = q.answer ? (q.kind === 'short' ? q.answer.text : optionText(q, q.answer.optionIds)) : '';
          const right = q.kind === 'short' ? (q.result?.acceptedAnswers ?? []).join('; ') : optionText(q, q.result?.correctOptionIds ?? []);
          return (
            <List.Item>
              <Flex vertical gap={4} style={{ width: '100%' }}>
                <Flex gap={8} align="flex-start">
                  <Mark q={q} />
                  <Typography.Text strong>
                    {i + 1}. {text(q.text)}
                  </Typography.Text>
                </Flex>
                <Typography.Text type="secondary">
                  {t('result.yourAnswer')}: {given || <Tag>{t('result.noAnswer')}</Tag>}
                </Typography.Text>
                {!q.result?.correct ? (
                  <Typography.Text type="success">
                    {t('result.rightAnswer')}: {right}
                  </Typography.Text>
                ) : null}
              </Flex>
            </List.Item>
          );
        }}
      />
    </Flex>
  );
}
