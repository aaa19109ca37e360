import { Button, Flex, Result, Typography } from 'antd';
import { HomeOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LinkButton } from './link-button';
import { isApiError, type AnswerRecord } from '../lib/api-client';

export interface Failure {
  error: unknown;
  /** the answers the page had got when it failed: the request ids to look up in the server's log */
  answers: readonly AnswerRecord[];
}

export interface PageFailureProps {
  failure: Failure;
  onRetry: () => void;
  fullPage?: boolean;
}

/** What a failed page shows: what failed, its request ids, and a way back (loaded only when a page fails). */
export function PageFailure({ failure, onRetry, fullPage }: PageFailureProps) {
  const { t } = useTranslation();
  const { error, answers } = failure;
  const fromApi = isApiError(error);
  const detail = error instanceof Error ? error.message : String(error);
  const requestIds = fromApi ? (error.requestId ? [error.requestId] : []) : answers.map((a) => a.requestId);

  return (
    // announced at once, and found by that role
    <div role="alert" className="page-failure">
      <Result
        status="error"
        title={t('titles.pageFailed')}
        subTitle={fromApi ? error.message : t('messages.pageFailed')}
        extra={
          <Flex gap={8} wrap justify="center">
            <Button type="primary" icon={<ReloadOutlined />} onClick={fullPage ? () => window.location.reload() : onRetry}>
              {t('actions.retry')}
            </Button>
            {fullPage ? (
              <Button icon={<HomeOutlined />} href="/main">
                {t('actions.toMain')}
              </Button>
            ) : (
              <LinkButton to="/main" icon={<HomeOutlined />}>
                {t('actions.toMain')}
              </LinkButton>
            )}
          </Flex>
        }
      >
        <dl className="page-failure__details">
          {fromApi ? null : (
            <>
              <dt>{t('fields.errorDetail')}</dt>
              <dd>
                <Typography.Text code>{detail}</Typography.Text>
              </dd>
            </>
          )}
          {requestIds.length > 0 ? (
            <>
              <dt>{t(fromApi ? 'fields.requestId' : 'fields.lastRequestIds')}</dt>
              {requestIds.map((id) => (
                <dd key={id}>
                  <Typography.Text code copyable={{ text: id }}>
                    {id}
                  </Typography.Text>
                </dd>
              ))}
            </>
          ) : null}
        </dl>
      </Result>
    </div>
  );
}
