import { useEffect, useState } from 'react';
import { App, Button, Card, Flex, Radio, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { notificationChannels, type NotificationChannel, type NotificationKind, type NotificationSetting } from '@pharma/contracts';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useNotificationSettings, useSaveNotificationSettings } from '../api/notifications-api';
import { TelegramLinkCard } from '../components/telegram-link-card';
import '../notifications.css';

/**
 * /notification-settings (issue 17): for each kind of notification, where it reaches the user — in
 * the app, also in Telegram, or nowhere. Telegram is offered only when the company's bot is set up
 * and the user has linked their account; the page says which is missing.
 */
export function NotificationSettingsPage() {
  const { t } = useTranslation('notifications');
  const { message } = App.useApp();
  const [waitingForLink, setWaitingForLink] = useState(false);
  const settings = useNotificationSettings(waitingForLink);
  const save = useSaveNotificationSettings();
  const [chosen, setChosen] = useState<Partial<Record<NotificationKind, NotificationChannel>>>({});
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  useEffect(() => setChosen({}), [settings.data]);

  if (settings.isError && !settings.data) return <QueryError error={settings.error} onRetry={() => void settings.refetch()} />;
  const items = settings.data?.items ?? [];
  const telegram = settings.data ? settings.data.telegramAvailable && settings.data.telegramLinked : false;
  const changed: NotificationSetting[] = items
    .filter((i) => chosen[i.kind] && chosen[i.kind] !== i.channel)
    .map((i) => ({ kind: i.kind, channel: chosen[i.kind]! }));
  const submit = () =>
    save.mutate(changed, {
      onSuccess: () => {
        setFieldErrors({});
        void message.success(t('settings.saved'));
      },
      onError: (error) => {
        if (isApiError(error)) setFieldErrors(error.fields);
        void message.error(errorMessage(error));
      },
    });

  return (
    <div className="notification-settings">
      <PageHeader title={t('settings.title')} subtitle={t('settings.subtitle')} />
      {settings.data ? <TelegramLinkCard settings={settings.data} onWaiting={setWaitingForLink} /> : null}
      <Card>
        {settings.isPending ? (
          <Skeleton active />
        ) : (
          <Flex vertical gap={4} role="list">
            {items.map((item) => {
              const channel = chosen[item.kind] ?? item.channel;
              // the server names a field by its place in the list sent
              const sentAt = changed.findIndex((c) => c.kind === item.kind);
              const error = sentAt >= 0 ? fieldErrors[`items.${sentAt}.channel`] : undefined;
              return (
                <Flex key={item.kind} className="notification-setting" justify="space-between" align="center" wrap gap={8} role="listitem">
                  <Typography.Text id={`notification-kind-${item.kind}`}>{t(`kinds.${item.kind}`)}</Typography.Text>
                  <Flex vertical align="end" className="notification-setting__channel">
                    <Radio.Group
                      aria-labelledby={`notification-kind-${item.kind}`}
                      optionType="button"
                      size="small"
                      value={channel}
                      onChange={(e) => setChosen((c) => ({ ...c, [item.kind]: e.target.value as NotificationChannel }))}
                      options={notificationChannels.map((value) => ({
                        value,
                        label: t(`settings.channels.${value}`),
                        disabled: value === 'telegram' && !telegram && item.channel !== 'telegram',
                      }))}
                    />
                    {error ? <Typography.Text type="danger">{error}</Typography.Text> : null}
                  </Flex>
                </Flex>
              );
            })}
          </Flex>
        )}
        <Flex justify="end" style={{ marginTop: 16 }}>
          <Button type="primary" disabled={!changed.length} loading={save.isPending} onClick={submit}>
            {t('actions.save')}
          </Button>
        </Flex>
      </Card>
    </div>
  );
}
