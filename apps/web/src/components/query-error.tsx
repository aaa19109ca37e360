import { Button, Result } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/api-client';

/** A list or a record that failed to load: 'Data loading error!' (or the screen's own words), the server's reason, and a retry. */
export function QueryError({ error, onRetry, retrying, title }: { error: unknown; onRetry: () => void; retrying?: boolean; title?: string }) {
  const { t } = useTranslation();
  return (
    <Result
      status="error"
      title={title ?? t('messages.loadError')}
      subTitle={errorMessage(error)}
      extra={
        <Button type="primary" icon={<ReloadOutlined />} onClick={onRetry} loading={retrying}>
          {t('actions.retry')}
        </Button>
      }
    />
  );
}
