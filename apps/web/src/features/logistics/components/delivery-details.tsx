import { useState } from 'react';
import { App, Button, Descriptions, Flex, Popconfirm, Skeleton, Table, Tag, Tooltip, Typography, type TableProps } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { type Delivery, type DeliveryStop } from '@pharma/contracts';
import { ConfirmButton } from '../../../components/confirm-button';
import { MapView } from '../../../components/map/map-view';
import { Money, useMoneyTitle } from '../../../components/money';
import { QueryError } from '../../../components/query-error';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, formatDateTime, formatNumber } from '../../../lib/format';
import { orderItemPath } from '../../orders';
import { useDeliveryRights } from '../delivery-rights';
import { useDeleteDelivery, useDelivery, useReorderStops, useWarehouseStep } from '../api/deliveries-api';
import { DeliveryStatusTag, StopProofNote, deliveryRoute, formatKg, formatKm, nextWarehouseStep } from './delivery-parts';

const stopColors = { pending: 'default', delivered: 'success', partial: 'warning', refused: 'error' } as const;

/**
 * One delivery for the desk and the warehouse: its figures, the warehouse's next step (with a
 * confirmation), its stops in route order (re-ordered by hand with the arrows; the distance and the
 * cost follow), its route on the map, and taking a planned delivery apart.
 */
export function DeliveryDetails({ id, onDeleted }: { id: number; onDeleted?: () => void }) {
  const query = useDelivery(id);
  if (query.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  return <DeliveryView delivery={query.data} onDeleted={onDeleted} />;
}

function DeliveryView({ delivery, onDeleted }: { delivery: Delivery; onDeleted?: () => void }) {
  const { t } = useTranslation('logistics');
  const { message } = App.useApp();
  const moneyTitle = useMoneyTitle();
  const { canPlan, isWarehouse } = useDeliveryRights();
  const step = useWarehouseStep(delivery.id);
  // the step's own flag: the button spins exactly while this step is on its way
  const [stepping, setStepping] = useState(false);
  const reorder = useReorderStops(delivery.id);
  const remove = useDeleteDelivery();
  const next = nextWarehouseStep(delivery.status);
  const canReorder = canPlan && delivery.status !== 'completed' && delivery.stops.length > 1;

  const move = (index: number, by: -1 | 1) => {
    const ids = delivery.stops.map((s) => s.id);
    [ids[index], ids[index + by]] = [ids[index + by]!, ids[index]!];
    reorder.mutate(ids, {
      onSuccess: (d) => void message.success(t('messages.reordered', { km: formatKm(d ? d.distanceM : 0) })),
      onError: (error) => void message.error(errorMessage(error)),
    });
  };

  const columns: TableProps<DeliveryStop>['columns'] = [
    { key: 'n', title: '№', width: 44, render: (_, _s, i) => i + 1 },
    {
      key: 'order',
      title: t('columns.order'),
      className: 'nowrap',
      render: (_, s) => <Link to={orderItemPath(s.orderId)}>{s.orderNumber}</Link>,
    },
    { key: 'organization', title: t('columns.organization'), render: (_, s) => s.organizationName },
    { key: 'address', title: t('columns.address'), render: (_, s) => s.address, responsive: ['md'] },
    { key: 'sum', title: moneyTitle(t('columns.sum')), align: 'right', render: (_, s) => <Money value={s.sumSale} />, responsive: ['sm'] },
    {
      key: 'status',
      title: t('columns.stopStatus'),
      render: (_, s) => (
        <Tooltip title={s.refusalReason ?? (s.recipientName ? `${s.recipientName} · ${formatDateTime(s.deliveredAt)}` : undefined)}>
          <Tag color={stopColors[s.status]}>{t(`enums:stopStatus.${s.status}`)}</Tag>
        </Tooltip>
      ),
    },
    {
      key: 'proof',
      title: t('columns.closedWhereWhen'),
      render: (_, s) =>
        s.status === 'pending' ? null : (
          <Flex vertical gap={0}>
            <span className="nowrap">{formatDateTime(s.deliveredAt)}</span>
            <StopProofNote proof={s.proof} />
          </Flex>
        ),
    },
  ];
  if (canReorder) {
    columns.push({
      key: 'move',
      width: 76,
      align: 'right',
      title: <span className="sr-only">{t('columns.routeOrder')}</span>,
      render: (_, s, i) => (
        <Flex gap={2} justify="flex-end">
          <Button
            type="text"
            size="small"
            icon={<ArrowUpOutlined />}
            disabled={i === 0 || reorder.isPending}
            aria-label={t('actions.stopUp', { name: s.organizationName })}
            onClick={() => move(i, -1)}
          />
          <Button
            type="text"
            size="small"
            icon={<ArrowDownOutlined />}
            disabled={i === delivery.stops.length - 1 || reorder.isPending}
            aria-label={t('actions.stopDown', { name: s.organizationName })}
            onClick={() => move(i, 1)}
          />
        </Flex>
      ),
    });
  }

  const courierOrCar = [delivery.courierName, delivery.carPlate].filter(Boolean).join(' · ') || '—';

  return (
    <Flex vertical gap={16} data-testid="delivery-details">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Flex align="center" gap={8} wrap>
          <Typography.Title level={2} style={{ margin: 0, fontSize: 18 }}>
            {t('titles.delivery', { number: delivery.number })}
          </Typography.Title>
          <DeliveryStatusTag status={delivery.status} />
        </Flex>
        <Flex gap={8} wrap>
          {isWarehouse && next ? (
            <Popconfirm
              title={t(`confirm.${next}`, { number: delivery.number })}
              okText={t('common:actions.yes')}
              cancelText={t('common:actions.no')}
              onConfirm={() => {
                setStepping(true);
                return step
                  .mutateAsync(next)
                  .then(
                    () => void message.success(t(`messages.${next}`, { number: delivery.number })),
                    (error: unknown) => void message.error(errorMessage(error)),
                  )
                  .finally(() => setStepping(false));
              }}
            >
              <Button type="primary" loading={stepping}>
                {t(`actions.${next}`)}
              </Button>
            </Popconfirm>
          ) : null}
          {canPlan && delivery.status === 'planned' ? (
            <ConfirmButton
              danger
              loading={remove.isPending}
              onConfirm={() =>
                remove.mutateAsync(delivery.id).then(
                  () => {
                    void message.success(t('messages.deleted', { number: delivery.number }));
                    onDeleted?.();
                  },
                  (error: unknown) => void message.error(errorMessage(error)),
                )
              }
            >
              {t('actions.deleteDelivery')}
            </ConfirmButton>
          ) : null}
        </Flex>
      </Flex>
      <Descriptions size="small" bordered column={{ xs: 1, sm: 2, lg: 3 }}>
        <Descriptions.Item label={t('columns.date')}>{formatDate(delivery.date)}</Descriptions.Item>
        <Descriptions.Item label={t('columns.type')}>{t(`enums:deliveryType.${delivery.type}`)}</Descriptions.Item>
        <Descriptions.Item label={t('columns.courierOrCar')}>{courierOrCar}</Descriptions.Item>
        <Descriptions.Item label={t('columns.warehouse')}>{delivery.warehouseName}</Descriptions.Item>
        <Descriptions.Item label={t('columns.address')}>{[delivery.address, delivery.district, delivery.house].filter(Boolean).join(', ')}</Descriptions.Item>
        <Descriptions.Item label={t('columns.boxes')}>{formatNumber(delivery.boxCount)}</Descriptions.Item>
        <Descriptions.Item label={t('columns.weight')}>{`${formatKg(delivery.weightG)} ${t('units.kg')}`}</Descriptions.Item>
        <Descriptions.Item label={t('columns.distance')}>
          <span data-testid="delivery-km">{`${formatKm(delivery.distanceM)} ${t('units.km')}`}</span>
        </Descriptions.Item>
        <Descriptions.Item label={moneyTitle(t('columns.cost'))}>
          <Money value={delivery.cost} strong />
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {t('hints.cost', {
              boxes: formatNumber(delivery.boxCount),
              perBox: formatNumber(delivery.pricePerBox / 100),
              km: formatKm(delivery.distanceM),
              perKm: formatNumber(delivery.pricePerKm / 100),
            })}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      <Table<DeliveryStop>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={delivery.stops}
        pagination={false}
        scroll={{ x: true }}
        aria-label={t('titles.stops')}
      />
      <MapView label={t('titles.route', { number: delivery.number })} routes={[deliveryRoute(delivery, delivery.warehouseName)]} fitPoints height={320} />
    </Flex>
  );
}
