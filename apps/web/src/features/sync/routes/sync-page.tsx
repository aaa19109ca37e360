import { useState } from 'react';
import { App, Button, Card, Flex, InputNumber, List, Tag, Typography } from 'antd';
import { CloudUploadOutlined, DeleteOutlined, RedoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../components/confirm-button';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { useOnline } from '../../../lib/connection';
import { formatDateTime } from '../../../lib/format';
import { dropOutboxItem, flushOutbox, retryOutboxItem, useOutbox, type OutboxItem, type OutboxState } from '../../../lib/outbox';
import { attentionCase, positionsOf, visitIdOf, withQuantities } from '../attention';
import { OrderQuantities } from '../components/order-quantities';
import { ReplanVisit } from '../components/replan-visit';
import '../sync.css';

const stateColour: Record<OutboxState, string> = { waiting: 'warning', sent: 'success', attention: 'error' };

/**
 * The sync log (issue 16): what this phone made and where it stands — needing attention first (the
 * server's reason, send again or drop), then waiting, then sent in the last days. Send now tries at once.
 */
export function SyncPage() {
  const { t } = useTranslation('sync');
  const { message } = App.useApp();
  const online = useOnline();
  const outbox = useOutbox();
  const heldSubjects = new Set(outbox.items.filter((i) => i.state === 'attention').map((i) => i.subject));
  const groups: { state: OutboxState; items: OutboxItem[] }[] = (['attention', 'waiting', 'sent'] as const).map((state) => ({
    state,
    items: outbox.items.filter((i) => i.state === state).sort((a, b) => (state === 'sent' ? (b.seq ?? 0) - (a.seq ?? 0) : (a.seq ?? 0) - (b.seq ?? 0))),
  }));

  // a refused write with a quantity (a reservation short of stock) may be sent again with another one
  const [quantities, setQuantities] = useState<Record<number, number | null>>({});
  const quantityOf = (item: OutboxItem) => {
    const body = item.body as { quantity?: unknown } | undefined;
    return typeof body?.quantity === 'number' ? body.quantity : null;
  };
  // a refused order's lines, each with its own quantity
  const [lineQuantities, setLineQuantities] = useState<Record<number, Record<number, number | null>>>({});
  const retry = (item: OutboxItem) => {
    const changed = quantities[item.seq!];
    const body = changed && changed !== quantityOf(item) ? { ...(item.body as object), quantity: changed } : withQuantities(item, lineQuantities[item.seq!]);
    return void retryOutboxItem(item.seq!, body).then(
      () => void message.info(t('messages.resent')),
      () => undefined,
    );
  };
  const drop = (item: OutboxItem) => void dropOutboxItem(item.seq!).then(() => void message.success(t('messages.dropped')));

  return (
    <div className="sync-page">
      <PageHeader
        title={t('title')}
        subtitle={outbox.lastSentAt ? t('labels.lastSent', { time: formatDateTime(outbox.lastSentAt) }) : t('labels.lastSent', { time: t('labels.never') })}
        extra={
          <Button type="primary" icon={<CloudUploadOutlined />} disabled={!online || outbox.waiting === 0} onClick={() => void flushOutbox()}>
            {t('actions.sendNow')}
          </Button>
        }
      />
      {!online && outbox.waiting > 0 ? <Typography.Paragraph type="warning">{t('messages.offline')}</Typography.Paragraph> : null}
      {outbox.items.length === 0 ? (
        <Card>
          <EmptyState description={t('messages.empty')} />
        </Card>
      ) : (
        groups
          .filter((g) => g.items.length > 0)
          .map((group) => (
            <Card
              key={group.state}
              size="small"
              title={`${t(`sections.${group.state}`)} · ${group.items.length}`}
              className="sync-group"
              data-testid={`sync-${group.state}`}
            >
              <List
                dataSource={group.items}
                rowKey={(item) => item.seq!}
                renderItem={(item) => {
                  const what = item.state === 'attention' ? attentionCase(item) : null;
                  const replanOf = what === 'visitChanged' ? visitIdOf(item.subject) : null;
                  return (
                    <List.Item
                      className="sync-item"
                      data-testid="sync-item"
                      actions={
                        item.state === 'attention'
                          ? [
                              // a cancelled visit or a stop given to another courier would be refused again: re-plan or drop
                              ...(what === 'visitChanged' || what === 'deliveryReassigned'
                                ? []
                                : [
                                    <Button key="retry" icon={<RedoOutlined />} onClick={() => retry(item)} disabled={!online}>
                                      {t('actions.retry')}
                                    </Button>,
                                  ]),
                              <ConfirmButton key="drop" danger icon={<DeleteOutlined />} question={t('messages.dropConfirm')} onConfirm={() => drop(item)}>
                                {t('actions.drop')}
                              </ConfirmButton>,
                            ]
                          : undefined
                      }
                    >
                      <Flex vertical gap={2} style={{ minWidth: 0 }}>
                        <Flex gap={8} wrap align="center">
                          <Typography.Text strong>{t(`kinds.${item.label.kind}`, { defaultValue: item.label.kind })}</Typography.Text>
                          <Tag color={stateColour[item.state]}>{t(`states.${item.state}`)}</Tag>
                        </Flex>
                        {item.label.name ? <Typography.Text>{item.label.name}</Typography.Text> : null}
                        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                          {t('labels.madeAt', { time: formatDateTime(item.actedAt) })}
                          {item.sentAt ? ` · ${t('labels.sentAt', { time: formatDateTime(item.sentAt) })}` : ''}
                          {item.state !== 'sent' && item.attempts > 0 ? ` · ${t('labels.attempts', { count: item.attempts })}` : ''}
                        </Typography.Text>
                        {item.state === 'attention' && quantityOf(item) !== null ? (
                          <InputNumber
                            min={1}
                            precision={0}
                            size="large"
                            value={quantities[item.seq!] ?? quantityOf(item)}
                            onChange={(value) => setQuantities((all) => ({ ...all, [item.seq!]: value }))}
                            aria-label={t('fields.quantity')}
                            addonBefore={t('fields.quantity')}
                            style={{ maxWidth: 260 }}
                          />
                        ) : null}
                        {what ? (
                          <Typography.Text strong data-testid="sync-case" data-case={what}>
                            {t(`attention.${what}`)}
                          </Typography.Text>
                        ) : null}
                        {item.state === 'attention' && positionsOf(item) ? (
                          <OrderQuantities
                            item={item}
                            value={lineQuantities[item.seq!]}
                            onChange={(next) => setLineQuantities((all) => ({ ...all, [item.seq!]: next }))}
                          />
                        ) : null}
                        {item.error ? (
                          <Typography.Text type="danger" data-testid="sync-reason">
                            {t('labels.reason', { reason: [item.error.message, ...Object.values(item.error.fields ?? {})].join(' ') })}
                          </Typography.Text>
                        ) : item.state === 'waiting' && heldSubjects.has(item.subject) ? (
                          <Typography.Text type="secondary">{t('messages.heldBack')}</Typography.Text>
                        ) : null}
                        {replanOf !== null ? <ReplanVisit visitId={replanOf} subject={item.subject} /> : null}
                      </Flex>
                    </List.Item>
                  );
                }}
              />
            </Card>
          ))
      )}
    </div>
  );
}
