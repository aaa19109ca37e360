import { Alert, Button, Flex } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/api-client';

/**
 * 'Visit saving error' (or the given title) with the server's reason and a retry; what the rep typed
 * stays where it is.
 */
export function SaveError({ error, onRetry, retrying, title }: { error: unknown; onRetry?: () => void; retrying?: boolean; title?: string }) {
  const { t } = useTranslation('visit');
  if (!error) return null;
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={title ?? t('messages.saveError')}
      description={
        <Flex vertical gap={8} align="flex-start">
          <span>{errorMessage(error)}</span>
          {onRetry ? (
            <Button icon={<ReloadOutlined />} onClick={onRetry} loading={retrying}>
              {t('common:actions.retry')}
            </Button>
          ) : null}
        </Flex>
      }
    />
  );
}
