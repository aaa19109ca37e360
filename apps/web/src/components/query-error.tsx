import { Button } from 'antd';
import { CloseCircleFilled, ReloadOutlined } from '@ant-design/icons';
import { StatusPanel } from './status-panel';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../lib/api-client';

/**
 * A list or a record that failed to load: 'Data loading error!' (or the screen's own words), the server's
 * reason, and a retry. A refused filter or search says what is wrong with it (the field's message), not
 * the forms' general 'fill in all required fields'.
 */
export function QueryError({ error, onRetry, retrying, title }: { error: unknown; onRetry: () => void; retrying?: boolean; title?: string }) {
  const { t } = useTranslation();
  return (
    <StatusPanel
      icon={<CloseCircleFilled />}
      tone="error"
      title={title ?? t('messages.loadError')}
      subTitle={error instanceof ApiError && Object.keys(error.fields).length ? Object.values(error.fields).join(' ') : errorMessage(error)}
      extra={
        <Button type="primary" icon={<ReloadOutlined />} onClick={onRetry} loading={retrying}>
          {t('actions.retry')}
        </Button>
      }
    />
  );
}
