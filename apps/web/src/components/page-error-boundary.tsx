import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Flex, Result, Typography } from 'antd';
import { HomeOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LinkButton } from './link-button';
import { isApiError, lastAnswers, type AnswerRecord } from '../lib/api-client';

interface Failure {
  error: unknown;
  /** the answers the page had got when it failed: the request ids to look up in the server's log */
  answers: readonly AnswerRecord[];
}

interface BoundaryProps {
  children: ReactNode;
  /** a new value (the next location) clears the failure */
  resetKey?: string;
  /** the whole screen failed (no sidebar to go on with): offer a reload rather than a link */
  fullPage?: boolean;
}

/**
 * One page that throws while drawing shows what failed and a way back, not a blank app: the app shell
 * puts one around each page, so the sidebar and header stay usable (issue 13 item 20).
 */
export class PageErrorBoundary extends Component<BoundaryProps, { failure: Failure | null }> {
  override state: { failure: Failure | null } = { failure: null };

  static getDerivedStateFromError(error: unknown) {
    return { failure: { error, answers: [...lastAnswers()].slice(0, 3) } };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A page failed to draw', error, info.componentStack);
  }

  override componentDidUpdate(previous: BoundaryProps) {
    if (previous.resetKey !== this.props.resetKey && this.state.failure) this.setState({ failure: null });
  }

  private readonly retry = () => this.setState({ failure: null });

  override render() {
    const { failure } = this.state;
    if (!failure) return this.props.children;
    return <PageFailure failure={failure} onRetry={this.retry} fullPage={this.props.fullPage} />;
  }
}

function PageFailure({ failure, onRetry, fullPage }: { failure: Failure; onRetry: () => void; fullPage?: boolean }) {
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
