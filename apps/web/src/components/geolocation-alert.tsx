import { Alert, Button, Flex } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { GeolocationError } from '../lib/geolocation';

/** A geolocation failure in the spec's words (§8), with how to fix it and a retry where one can help. */
export function GeolocationAlert({ reason, onRetry }: { reason: GeolocationError; onRetry?: () => void }) {
  const { t } = useTranslation('maps');
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      data-testid="geolocation-error"
      title={t(`geolocation.${reason}`)}
      description={
        reason === 'denied' || reason === 'unsupported' || onRetry ? (
          <Flex vertical gap={8} align="flex-start">
            {reason === 'denied' || reason === 'unsupported' ? <span>{t('geolocation.mustEnable')}</span> : null}
            {onRetry && reason !== 'unsupported' ? (
              <Button icon={<ReloadOutlined />} onClick={onRetry}>
                {t('common:actions.retry')}
              </Button>
            ) : null}
          </Flex>
        ) : undefined
      }
    />
  );
}
