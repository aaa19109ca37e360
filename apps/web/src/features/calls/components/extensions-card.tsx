import { useState } from 'react';
import { App, Button, Card, Flex, Input, Select, Table } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-client';
import { useCan } from '../../../lib/permissions';
import { useUserOptions } from '../../users';
import { useExtensions, useSaveExtension } from '../api/calls-api';

/** Settings → Telephony: every user's extension (telephony.view); given or taken away with telephony.edit. */
export function ExtensionsCard() {
  const { t } = useTranslation('calls');
  const { message } = App.useApp();
  const canEdit = useCan('telephony.edit');
  const extensions = useExtensions(true);
  const users = useUserOptions();
  const save = useSaveExtension();
  const [userId, setUserId] = useState<number | undefined>();
  const [extension, setExtension] = useState('');
  const onError = (error: unknown) => void message.error(errorMessage(error));
  const give = () =>
    userId &&
    save.mutate(
      { userId, extension: extension.trim() || null },
      {
        onSuccess: () => {
          setUserId(undefined);
          setExtension('');
        },
        onError,
      },
    );
  return (
    <Card title={t('telephony.extensions')}>
      {canEdit ? (
        <Flex gap={8} wrap style={{ marginBottom: 12 }}>
          <Select
            aria-label={t('fields.user')}
            placeholder={t('fields.user')}
            showSearch={{ optionFilterProp: 'label' }}
            style={{ minWidth: 240 }}
            value={userId}
            onChange={setUserId}
            options={(users.data ?? []).map((u) => ({ value: u.id, label: u.fullName }))}
          />
          <Input
            aria-label={t('telephony.extension')}
            placeholder={t('telephony.extension')}
            style={{ width: 140 }}
            value={extension}
            onChange={(e) => setExtension(e.target.value)}
          />
          <Button type="primary" disabled={!userId} loading={save.isPending} onClick={give}>
            {t('telephony.save')}
          </Button>
        </Flex>
      ) : null}
      <Table
        size="small"
        rowKey="userId"
        loading={extensions.isPending}
        dataSource={extensions.data?.items}
        pagination={false}
        columns={[
          { key: 'user', dataIndex: 'userName', title: t('fields.user') },
          { key: 'extension', dataIndex: 'extension', title: t('telephony.extension') },
          ...(canEdit
            ? [
                {
                  key: 'remove',
                  width: 48,
                  render: (_: unknown, row: { userId: number }) => (
                    <Button
                      type="text"
                      size="small"
                      icon={<DeleteOutlined />}
                      aria-label={t('telephony.remove')}
                      onClick={() => save.mutate({ userId: row.userId, extension: null }, { onError })}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}
