import { Card, Flex, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { OutboxMark } from '../../../components/outbox-mark';
import { SaveState } from '../../../components/save-state';
import { formatDateTime } from '../../../lib/format';
import { useQueuedOrders } from '../api/create-order';

/**
 * The orders made on this phone that the server does not have yet (issue 16): each with its client and
 * when it was made, "waiting to be sent" — or "needs attention" (a link to the sync log) when the server
 * refused it. Nothing when every order is sent; a sent order is in the list below like any other.
 */
export function QueuedOrders() {
  const { t } = useTranslation('orders');
  const items = useQueuedOrders();
  if (!items.length) return null;
  return (
    <Card size="small" title={t('titles.queued')} style={{ marginBottom: 12 }} data-testid="queued-orders">
      <List
        dataSource={items}
        rowKey={(item) => item.seq!}
        renderItem={(item) => (
          <List.Item data-testid="queued-order">
            <Flex vertical gap={2} style={{ minWidth: 0 }}>
              <Typography.Text strong>{item.label.name}</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                {t('sync:labels.madeAt', { time: formatDateTime(item.actedAt) })}
              </Typography.Text>
            </Flex>
            {item.state === 'attention' ? <OutboxMark subject={item.subject} /> : <SaveState dirty={false} saving={false} failed={false} queued sent={false} />}
          </List.Item>
        )}
      />
    </Card>
  );
}
