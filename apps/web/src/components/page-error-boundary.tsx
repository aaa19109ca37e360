import { Component, lazy, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { lastAnswers } from '../lib/api-client';
import type { Failure, PageFailureProps } from './page-failure';

/** The failure's screen stays out of the first download; when even it cannot load (no network), a plain one. */
const PageFailure = lazy(() =>
  import('./page-failure').then(
    (m) => ({ default: m.PageFailure }),
    () => ({ default: PlainFailure }),
  ),
);

function PlainFailure({ onRetry, fullPage }: PageFailureProps) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="page-failure">
      <p>{t('titles.pageFailed')}</p>
      <button type="button" onClick={fullPage ? () => window.location.reload() : onRetry}>
        {t('actions.retry')}
      </button>
    </div>
  );
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
    return (
      <Suspense fallback={null}>
        <PageFailure failure={failure} onRetry={this.retry} fullPage={this.props.fullPage} />
      </Suspense>
    );
  }
}
