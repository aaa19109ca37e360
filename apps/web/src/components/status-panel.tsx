import type { ReactNode } from 'react';
import './status-panel.css';

/**
 * A screen's state in place of its content (no right, not found, failed to load, not built yet): an icon,
 * a title, what to know, what to do. antd's Result draws the same but brings its large illustrations to
 * every screen that might show it, a rep's first one too (issue 16).
 */
export function StatusPanel({
  icon,
  tone = 'info',
  title,
  subTitle,
  extra,
  testId,
}: {
  icon: ReactNode;
  tone?: 'info' | 'error' | 'warning';
  title: ReactNode;
  subTitle?: ReactNode;
  extra?: ReactNode;
  testId?: string;
}) {
  return (
    <div className={`status-panel status-panel--${tone}`} data-testid={testId}>
      <div className="status-panel__icon" aria-hidden="true">
        {icon}
      </div>
      <div className="status-panel__title">{title}</div>
      {subTitle ? <div className="status-panel__subtitle">{subTitle}</div> : null}
      {extra ? <div className="status-panel__extra">{extra}</div> : null}
    </div>
  );
}
