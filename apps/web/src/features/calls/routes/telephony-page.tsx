import { useEffect, useState } from 'react';
import { Alert, App, Button, Card, Flex, Form, Input, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { telephonyAdapters } from '@pharma/contracts';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { errorMessage } from '../../../lib/api-client';
import { useCan } from '../../../lib/permissions';
import { useSaveAdapter, useSaveExtension, useTelephonySettings } from '../api/calls-api';
import { ExtensionsCard } from '../components/extensions-card';

/**
 * Settings → Telephony (issue 18): how the company's PBX is connected (telephony.edit) — none, a cloud
 * PBX's signed webhook, or Asterisk's Manager Interface — and the signed-in user's own extension, which
 * click-to-call rings first and an incoming call pops the card on.
 */
export function TelephonyPage() {
  const { t } = useTranslation('calls');
  const { message } = App.useApp();
  const canChoose = useCan('telephony.edit');
  const canSeeAll = useCan('telephony.view');
  const settings = useTelephonySettings();
  const saveAdapter = useSaveAdapter();
  const saveExtension = useSaveExtension();
  const [extension, setExtension] = useState('');
  useEffect(() => setExtension(settings.data?.extension ?? ''), [settings.data?.extension]);
  const onError = (error: unknown) => void message.error(errorMessage(error));

  return (
    <div className="telephony-page">
      <PageHeader title={t('telephony.title')} />
      {settings.isError ? <QueryError error={settings.error} onRetry={() => void settings.refetch()} retrying={settings.isFetching} /> : null}
      <Flex vertical gap={16} style={{ maxWidth: 640 }}>
        <Card title={t('telephony.adapter')} loading={settings.isPending}>
          <Radio.Group
            value={settings.data?.adapter}
            disabled={!canChoose || saveAdapter.isPending}
            onChange={(e) => saveAdapter.mutate(e.target.value, { onSuccess: () => void message.success(t('telephony.saved')), onError })}
          >
            <Flex vertical gap={8}>
              {telephonyAdapters.map((a) => (
                <Radio key={a} value={a}>
                  <Typography.Text strong>{t(`adapters.${a}.title`)}</Typography.Text>
                  <br />
                  <Typography.Text type="secondary">{t(`adapters.${a}.description`)}</Typography.Text>
                </Radio>
              ))}
            </Flex>
          </Radio.Group>
          {settings.data?.adapter === 'generic' ? (
            <Alert
              style={{ marginTop: 16 }}
              type={settings.data.webhookSecretSet ? 'info' : 'warning'}
              title={settings.data.webhookSecretSet ? t('telephony.webhook', { path: settings.data.webhookPath }) : t('telephony.noSecret')}
            />
          ) : null}
        </Card>
        <Card title={t('telephony.myExtension')} loading={settings.isPending}>
          <Form
            layout="inline"
            onFinish={() =>
              saveExtension.mutate({ extension: extension.trim() || null }, { onSuccess: () => void message.success(t('telephony.saved')), onError })
            }
          >
            <Form.Item label={t('telephony.extension')} htmlFor="telephony-extension">
              <Input id="telephony-extension" inputMode="numeric" maxLength={20} value={extension} onChange={(e) => setExtension(e.target.value)} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={saveExtension.isPending}>
              {t('telephony.save')}
            </Button>
          </Form>
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
            {t('telephony.extensionHelp')}
          </Typography.Paragraph>
        </Card>
        {canSeeAll ? <ExtensionsCard /> : null}
      </Flex>
    </div>
  );
}
