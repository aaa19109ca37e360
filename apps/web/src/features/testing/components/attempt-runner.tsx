import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, App, Button, Card, Checkbox, Flex, Input, Modal, Progress, Radio, Space, Tag, Typography } from 'antd';
import { ClockCircleOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Attempt, AttemptAnswer } from '@pharma/contracts';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useAnswer, useSubmitAttempt } from '../api/testing-api';
import { useTestText } from './use-test-text';

const pad = (n: number) => String(n).padStart(2, '0');
export function formatLeft(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${pad(Math.floor(s / 60))}:${pad(s % 60)}`;
}

/** The time left until the deadline, ticking each second; `onOver` once when it reaches zero. */
function useTimeLeft(deadline: string, onOver: () => void): number {
  const end = useMemo(() => new Date(deadline).getTime(), [deadline]);
  const [now, setNow] = useState(() => Date.now());
  const fired = useRef(false);
  const over = useRef(onOver);
  over.current = onOver;
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = end - now;
  useEffect(() => {
    if (left <= 0 && !fired.current) {
      fired.current = true;
      over.current();
    }
  }, [left]);
  return left;
}

const answered = (a: AttemptAnswer | undefined) => !!a && (a.optionIds.length > 0 || a.text.trim() !== '');

/**
 * Taking a test: one question at a time with the time left always in sight; each answer is saved on the
 * server as it is given (the server checks it only when the attempt finishes); finishing asks first.
 */
export function AttemptRunner({ attempt, onFinished }: { attempt: Attempt; onFinished: () => void }) {
  const { t } = useTranslation('testing');
  const { message } = App.useApp();
  const text = useTestText();
  const [index, setIndex] = useState(0);
  const [answers, setAnswers] = useState<Record<number, AttemptAnswer>>(() =>
    Object.fromEntries(attempt.questions.flatMap((q) => (q.answer ? [[q.questionId, q.answer]] : []))),
  );
  const [confirming, setConfirming] = useState(false);
  const save = useAnswer(attempt.id);
  const submit = useSubmitAttempt(attempt.id);
  const finish = () => submit.mutate(undefined, { onSuccess: onFinished, onError: (e) => void message.error(errorMessage(e)) });
  const left = useTimeLeft(attempt.deadline, finish);
  const total = attempt.questions.length;
  const q = attempt.questions[index]!;
  const answer = answers[q.questionId];
  const unanswered = attempt.questions.filter((x) => !answered(answers[x.questionId])).length;

  const put = (value: AttemptAnswer, send = true) => {
    setAnswers((all) => ({ ...all, [q.questionId]: value }));
    if (!send) return;
    save.mutate(
      { questionId: q.questionId, body: value },
      {
        onError: (e) => {
          if (e instanceof ApiError && (e.code === 'TEST_TIME_UP' || e.code === 'TEST_ATTEMPT_FINISHED')) onFinished();
          void message.error(errorMessage(e));
        },
      },
    );
  };
  const go = (to: number) => {
    if (q.kind === 'short' && answer) put(answer);
    setIndex(Math.min(total - 1, Math.max(0, to)));
  };
  const low = left < 60_000;

  return (
    <Flex vertical gap={12} className="testing-runner">
      <Card size="small" variant="borderless">
        <Flex justify="space-between" align="center" gap={8} wrap>
          <Typography.Text strong>{text(attempt.title)}</Typography.Text>
          <Tag icon={<ClockCircleOutlined />} color={low ? 'red' : 'blue'} role="timer" aria-label={t('take.timeLeft')} className="testing-timer">
            {formatLeft(left)}
          </Tag>
        </Flex>
        <Progress percent={Math.round(((total - unanswered) / total) * 100)} size="small" showInfo={false} />
      </Card>
      <Card
        title={t('take.questionOf', { n: index + 1, total })}
        extra={<Tag>{t(`kinds.${q.kind}`)}</Tag>}
        role="group"
        aria-label={t('take.questionOf', { n: index + 1, total })}
      >
        <Typography.Paragraph strong style={{ fontSize: 16 }}>
          {text(q.text)}
        </Typography.Paragraph>
        {q.kind === 'single' ? (
          <Radio.Group value={answer?.optionIds[0]} onChange={(e) => put({ optionIds: [e.target.value as number], text: '' })}>
            <Space orientation="vertical">
              {q.options.map((o) => (
                <Radio key={o.id} value={o.id}>
                  {text(o.text)}
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        ) : q.kind === 'multiple' ? (
          <>
            <Typography.Paragraph type="secondary">{t('take.chooseAll')}</Typography.Paragraph>
            <Checkbox.Group value={answer?.optionIds ?? []} onChange={(ids) => put({ optionIds: ids, text: '' })}>
              <Space orientation="vertical">
                {q.options.map((o) => (
                  <Checkbox key={o.id} value={o.id}>
                    {text(o.text)}
                  </Checkbox>
                ))}
              </Space>
            </Checkbox.Group>
          </>
        ) : (
          <Input
            aria-label={t('take.yourAnswer')}
            placeholder={t('take.yourAnswer')}
            value={answer?.text ?? ''}
            maxLength={500}
            onChange={(e) => put({ optionIds: [], text: e.target.value }, false)}
            onBlur={() => answer && put(answer)}
            onPressEnter={() => go(index + 1)}
          />
        )}
      </Card>
      <Flex gap={4} wrap aria-label={t('take.questions')} role="navigation">
        {attempt.questions.map((x, i) => (
          <Button
            key={x.questionId}
            size="small"
            type={i === index ? 'primary' : answered(answers[x.questionId]) ? 'dashed' : 'default'}
            aria-label={t('take.goTo', { n: i + 1 })}
            aria-current={i === index ? 'step' : undefined}
            onClick={() => go(i)}
          >
            {i + 1}
          </Button>
        ))}
      </Flex>
      <Flex justify="space-between" gap={8}>
        <Button icon={<LeftOutlined />} disabled={index === 0} onClick={() => go(index - 1)}>
          {t('take.previous')}
        </Button>
        {index < total - 1 ? (
          <Button type="primary" onClick={() => go(index + 1)}>
            {t('take.next')} <RightOutlined />
          </Button>
        ) : (
          <Button
            type="primary"
            onClick={() => {
              if (q.kind === 'short' && answer) put(answer);
              setConfirming(true);
            }}
          >
            {t('take.finish')}
          </Button>
        )}
      </Flex>
      {index < total - 1 ? (
        <Button block onClick={() => setConfirming(true)}>
          {t('take.finish')}
        </Button>
      ) : null}
      {low && left > 0 ? <Alert type="warning" showIcon message={t('take.hurry')} /> : null}
      <Modal
        open={confirming}
        title={t('take.confirmTitle')}
        okText={t('take.finish')}
        cancelText={t('take.back')}
        confirmLoading={submit.isPending}
        onOk={() => {
          setConfirming(false);
          finish();
        }}
        onCancel={() => setConfirming(false)}
      >
        {unanswered > 0 ? t('take.confirmUnanswered', { count: unanswered }) : t('take.confirmAll')}
      </Modal>
    </Flex>
  );
}
