import type { ReactNode } from 'react';
import { CheckCircleOutlined, CloudUploadOutlined, ExclamationCircleOutlined, LoadingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import './save-state.css';

type Kind = 'sending' | 'failed' | 'waiting' | 'queued' | 'sent';
const looks: Record<Kind, { className: string; icon: ReactNode }> = {
  sending: { className: 'save-state', icon: <LoadingOutlined /> },
  failed: { className: 'save-state save-state--failed', icon: <ExclamationCircleOutlined /> },
  waiting: { className: 'save-state save-state--waiting', icon: <CloudUploadOutlined /> },
  queued: { className: 'save-state save-state--waiting', icon: <CloudUploadOutlined /> },
  sent: { className: 'save-state save-state--sent', icon: <CheckCircleOutlined /> },
};

/**
 * The visible state of a save (issues 13, 16): typed and not saved, being sent, not sent (the failure
 * with Retry is shown beside it), saved on the phone and waiting in its queue, or sent. `idle` (a
 * count, say) shows when nothing waits.
 */
export function SaveState({
  dirty,
  saving,
  failed,
  queued = false,
  sent,
  idle,
}: {
  dirty: boolean;
  saving: boolean;
  failed: boolean;
  queued?: boolean;
  sent: boolean;
  idle?: string;
}) {
  const { t } = useTranslation('sync');
  const kind: Kind | null = saving ? 'sending' : dirty && failed ? 'failed' : dirty ? 'waiting' : queued ? 'queued' : sent ? 'sent' : null;
  const text: Record<Kind, string> = {
    sending: t('saveState.sending'),
    failed: t('saveState.failed'),
    waiting: t('saveState.unsaved'),
    queued: t('states.waiting'),
    sent: t('saveState.sent'),
  };
  // one live region whatever the state, so each change is announced
  return (
    <span className={kind ? looks[kind].className : 'save-state'} aria-live="polite">
      {kind ? (
        <>
          {looks[kind].icon} <span data-testid="save-state">{text[kind]}</span>
        </>
      ) : null}
      {idle && (kind === null || kind === 'sent' || kind === 'queued') ? (
        <>
          {kind ? ' · ' : null}
          <span>{idle}</span>
        </>
      ) : null}
    </span>
  );
}
