import { useEffect, useState } from 'react';
import { Alert, App, Button, Card, Flex, Popconfirm, Typography } from 'antd';
import { CheckCircleFilled, SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { NotificationSettings, TelegramLink } from '@pharma/contracts';
import { formatTime } from '../../../lib/format';
import { errorMessage } from '../../../lib/api-client';
import { useTelegramLink, useTelegramUnlink } from '../api/telegram-api';

/**
 * The user's Telegram on the notification settings page (issue 17): a one-time code for the company bot
 * (the t.me link sends it by itself), then "linked" with a way to unlink. The page reads the settings
 * again while a code is out (`onWaiting`), so it turns to "linked" when the bot has the code.
 */
export function TelegramLinkCard({ settings, onWaiting }: { settings: NotificationSettings; onWaiting: (waiting: boolean) => void }) {
  const { t } = useTranslation('notifications');
  const { message } = App.useApp();
  const link = useTelegramLink();
  const unlink = useTelegramUnlink();
  const [code, setCode] = useState<TelegramLink | null>(null);
  const linked = settings.telegramLinked;

  useEffect(() => onWaiting(!!code && !linked), [code, linked, onWaiting]);
  useEffect(() => {
    if (code && linked) {
      setCode(null);
      void message.success(t('settings.telegram.linkedNow'));
    }
  }, [code, linked, message, t]);

  if (!settings.telegramAvailable) return <Alert type="info" showIcon title={t('settings.telegramOff')} />;
  const ask = () => link.mutate(undefined, { onSuccess: setCode, onError: (error) => void message.error(errorMessage(error)) });

  return (
    <Card size="small" title={t('settings.telegram.title')} className="telegram-link">
      {linked ? (
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Typography.Text>
            <CheckCircleFilled style={{ color: 'var(--ant-color-success)' }} /> {t('settings.telegram.linked')}
          </Typography.Text>
          <Popconfirm
            title={t('settings.telegram.unlinkConfirm')}
            okText={t('settings.telegram.unlink')}
            cancelText={t('settings.telegram.cancel')}
            onConfirm={() =>
              unlink.mutate(undefined, {
                onSuccess: () => void message.success(t('settings.telegram.unlinked')),
                onError: (error) => void message.error(errorMessage(error)),
              })
            }
          >
            <Button loading={unlink.isPending}>{t('settings.telegram.unlink')}</Button>
          </Popconfirm>
        </Flex>
      ) : code ? (
        <Flex vertical gap={8} aria-live="polite">
          {code.url ? (
            <Button type="primary" icon={<SendOutlined />} href={code.url} target="_blank" rel="noopener noreferrer">
              {t('settings.telegram.open', { bot: code.bot })}
            </Button>
          ) : null}
          <Typography.Text>{t('settings.telegram.sendCode')}</Typography.Text>
          <Typography.Text code copyable className="telegram-link__code" data-testid="telegram-code">
            {code.code}
          </Typography.Text>
          <Typography.Text type="secondary">
            {t('settings.telegram.expires', { time: formatTime(code.expiresAt) })} · {t('settings.telegram.waiting')}
          </Typography.Text>
          <div>
            <Button size="small" onClick={ask} loading={link.isPending}>
              {t('settings.telegram.newCode')}
            </Button>
          </div>
        </Flex>
      ) : (
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Typography.Text>{t('settings.telegramNotLinked')}</Typography.Text>
          <Button type="primary" icon={<SendOutlined />} onClick={ask} loading={link.isPending}>
            {t('settings.telegram.link')}
          </Button>
        </Flex>
      )}
    </Card>
  );
}
