import { useEffect, useMemo, useState } from 'react';
import { Alert, App, Button, Card, Flex, Image, Progress, Skeleton, Switch, Typography } from 'antd';
import {
  ArrowLeftOutlined,
  CheckOutlined,
  CloseOutlined,
  FileImageOutlined,
  InboxOutlined,
  NodeIndexOutlined,
  PhoneOutlined,
  PieChartOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Delivery, DeliveryStop } from '@pharma/contracts';
import { MapView } from '../../../components/map/map-view';
import type { MapPoint } from '../../../components/map/types';
import { Money } from '../../../components/money';
import { NotFound } from '../../../components/not-found';
import { PageHeader } from '../../../components/page-header';
import { OutboxMark } from '../../../components/outbox-mark';
import { QueryError } from '../../../components/query-error';
import { isApiError } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useCurrentPosition } from '../../../lib/geolocation';
import { useSession } from '../../../lib/session';
import { GeolocationAlert } from '../../../components/geolocation-alert';
import { deliverySubject, useDelivery, useStopPhoto } from '../api/deliveries';
import { canCloseStops, isPending } from '../courier-rules';
import { DeliveryStatusTag, StopStatusTag } from '../components/delivery-status-tag';
import { StopOutcomeDrawer, type StopOutcome } from '../components/stop-outcome-drawer';
import { useShareChoice, useSharePosition } from '../use-share-position';
import { km } from './courier-deliveries-page';
import '../courier.css';

/** /courier-deliveries/:id: the delivery on a phone — the map, the stops in route order, and each stop's outcome. */
export function CourierDeliveryPage() {
  const id = Number(useParams().id);
  if (!Number.isInteger(id) || id <= 0) return <NotFound />;
  return <DeliveryScreen key={id} id={id} />;
}

function DeliveryScreen({ id }: { id: number }) {
  const { t } = useTranslation(['courier', 'maps']);
  const { message } = App.useApp();
  const query = useDelivery(id);
  const [acting, setActing] = useState<{ stop: DeliveryStop; outcome: StopOutcome } | null>(null);

  if (query.isPending) return <Skeleton active />;
  if (query.isError)
    return isApiError(query.error) && query.error.status === 404 ? (
      <NotFound />
    ) : (
      <QueryError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    );
  const delivery = query.data;
  const percent = delivery.stopCount ? Math.round((delivery.closedCount / delivery.stopCount) * 100) : 0;

  return (
    <div className="courier-page">
      <Link to="/courier-deliveries" className="courier-back">
        <ArrowLeftOutlined /> {t('actions.back')}
      </Link>
      <PageHeader
        title={t('titles.delivery', { number: delivery.number })}
        subtitle={
          <span>
            {formatDate(delivery.date)} · <DeliveryStatusTag status={delivery.status} /> <OutboxMark subject={deliverySubject(delivery.id)} />
          </span>
        }
        extra={
          <Button size="large" icon={<ReloadOutlined />} loading={query.isFetching} onClick={() => void query.refetch()} aria-label={t('actions.refresh')} />
        }
      />
      <Card size="small">
        <Flex gap={16} wrap className="courier-card__facts">
          <span>
            <PieChartOutlined /> <span data-testid="delivery-progress">{t('facts.stops', { done: delivery.closedCount, total: delivery.stopCount })}</span>
          </span>
          <span>
            <InboxOutlined /> {t('facts.boxes', { boxes: delivery.boxCount })}
          </span>
          <span>
            <NodeIndexOutlined /> {t('facts.km', { km: km(delivery.distanceM) })}
          </span>
        </Flex>
        <Progress
          percent={percent}
          showInfo={false}
          aria-label={t('facts.stops', { done: delivery.closedCount, total: delivery.stopCount })}
          size="small"
          status={delivery.status === 'completed' ? 'success' : 'active'}
        />
      </Card>
      {delivery.status === 'completed' ? (
        <Alert type="success" showIcon title={t('messages.completed')} />
      ) : !canCloseStops(delivery) ? (
        <Alert type="info" showIcon title={t('messages.notOnTheWay')} />
      ) : null}
      <RouteMap delivery={delivery} />
      <Flex vertical gap={8} component="ol" className="courier-stops" aria-label={t('titles.stops')}>
        {delivery.stops.map((stop, index) => (
          <StopCard key={stop.id} delivery={delivery} stop={stop} index={index} onAct={(outcome) => setActing({ stop, outcome })} />
        ))}
      </Flex>
      {acting ? (
        <StopOutcomeDrawer
          delivery={delivery}
          stop={acting.stop}
          outcome={acting.outcome}
          onClose={() => setActing(null)}
          onDone={(outcome) => {
            setActing(null);
            void message.success(t(`messages.done_${outcome}`, { name: acting.stop.organizationName }));
          }}
        />
      ) : null}
    </div>
  );
}

/** The numbered stops, the warehouse, and the courier: their shared position while sharing, otherwise one reading. */
function RouteMap({ delivery }: { delivery: Delivery }) {
  const { t } = useTranslation(['courier', 'maps']);
  const { user } = useSession();
  const own = user?.id === delivery.courierId;
  const onTheWay = canCloseStops(delivery);
  const [share, setShare] = useShareChoice();
  const sharing = useSharePosition(delivery.id, own && onTheWay && share);
  const here = useCurrentPosition({ auto: own && delivery.status !== 'completed' });
  const me = sharing.position ?? here.position;

  const points = useMemo<MapPoint[]>(() => {
    const list: MapPoint[] = delivery.stops.flatMap((stop, index) =>
      stop.lat !== null && stop.lng !== null
        ? [
            {
              id: `stop-${stop.id}`,
              lat: stop.lat,
              lng: stop.lng,
              label: String(index + 1),
              title: `${index + 1}. ${stop.organizationName}`,
              tone: isPending(stop) ? 'primary' : stop.status === 'refused' ? 'blocked' : 'delivery',
            },
          ]
        : [],
    );
    if (delivery.warehouseLat !== null && delivery.warehouseLng !== null)
      list.push({ id: 'warehouse', lat: delivery.warehouseLat, lng: delivery.warehouseLng, title: delivery.warehouseName, tone: 'picked' });
    const courier = me ?? (!own ? delivery.courierPosition : null);
    if (courier) list.push({ id: 'me', lat: courier.lat, lng: courier.lng, title: own ? t('map.me') : (delivery.courierName ?? t('map.me')), tone: 'user' });
    return list;
  }, [delivery, me, own, t]);

  return (
    <Flex vertical gap={8}>
      <MapView label={t('map.label', { number: delivery.number })} points={points} fitPoints height={260} />
      {own && onTheWay ? (
        <Card size="small">
          <Flex justify="space-between" align="center" gap={12}>
            <label htmlFor="share-position" className="courier-share__label">
              <Typography.Text strong>{t('fields.share.label')}</Typography.Text>
              <Typography.Text type="secondary" className="courier-share__hint">
                {share
                  ? sharing.sendFailed
                    ? t('messages.shareFailed')
                    : sharing.sentAt
                      ? t('messages.sharedAt', { time: formatDateTime(new Date(sharing.sentAt)) })
                      : t('maps:geolocation.locating')
                  : t('fields.share.help')}
              </Typography.Text>
            </label>
            <Switch id="share-position" checked={share} onChange={setShare} />
          </Flex>
          {share && sharing.error ? (
            <div style={{ marginTop: 8 }}>
              <GeolocationAlert reason={sharing.error} />
            </div>
          ) : null}
        </Card>
      ) : null}
    </Flex>
  );
}

function StopCard({ delivery, stop, index, onAct }: { delivery: Delivery; stop: DeliveryStop; index: number; onAct: (outcome: StopOutcome) => void }) {
  const { t } = useTranslation(['courier', 'maps']);
  const { user } = useSession();
  const open = canCloseStops(delivery) && isPending(stop) && (user?.id === delivery.courierId || user?.role === 'admin');
  return (
    <li className="courier-stop" data-testid="stop-card" aria-label={`${index + 1}. ${stop.organizationName}`}>
      <Card size="small">
        <Flex justify="space-between" align="flex-start" gap={8}>
          <Flex gap={8} align="flex-start" style={{ minWidth: 0 }}>
            <span className={`courier-stop__number courier-stop__number--${stop.status}`} aria-hidden="true">
              {index + 1}
            </span>
            <div style={{ minWidth: 0 }}>
              <Typography.Text strong className="courier-stop__name">
                {stop.organizationName}
              </Typography.Text>
              <div className="courier-stop__address">{stop.address}</div>
            </div>
          </Flex>
          <StopStatusTag status={stop.status} />
        </Flex>
        <Flex justify="space-between" align="center" gap={8} wrap className="courier-stop__facts">
          <span>
            {t('facts.order', { number: stop.orderNumber })} · <Money value={stop.sumSale} currency />
          </span>
          {stop.phone ? (
            <a href={`tel:${stop.phone.replace(/[^\d+]/g, '')}`} className="courier-stop__phone" aria-label={t('actions.call', { phone: stop.phone })}>
              <PhoneOutlined /> {stop.phone}
            </a>
          ) : (
            <Typography.Text type="secondary">{t('facts.noPhone')}</Typography.Text>
          )}
        </Flex>
        {stop.status !== 'pending' ? <StopProof delivery={delivery} stop={stop} /> : null}
        {open ? (
          <div className="courier-stop__actions">
            <Button size="large" type="primary" icon={<CheckOutlined />} onClick={() => onAct('delivered')}>
              {t('actions.delivered')}
            </Button>
            <Button size="large" icon={<PieChartOutlined />} onClick={() => onAct('partly')}>
              {t('actions.partly')}
            </Button>
            <Button size="large" danger icon={<CloseOutlined />} onClick={() => onAct('refused')}>
              {t('actions.refused')}
            </Button>
          </div>
        ) : null}
      </Card>
    </li>
  );
}

/** A closed stop: who received it and when, the refusal's reason, and the waybill photo on demand. */
function StopProof({ delivery, stop }: { delivery: Delivery; stop: DeliveryStop }) {
  const { t } = useTranslation(['courier', 'maps']);
  const [show, setShow] = useState(false);
  const photo = useStopPhoto(delivery.id, stop.id, show && stop.hasPhoto);
  const url = useMemo(() => (photo.data ? URL.createObjectURL(photo.data) : null), [photo.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return (
    <div className="courier-stop__proof">
      {stop.status === 'refused' ? (
        <div>{t('facts.refusal', { reason: stop.refusalReason ?? '' })}</div>
      ) : (
        <div>{t('facts.recipient', { name: stop.recipientName ?? '' })}</div>
      )}
      {stop.deliveredAt ? <div>{t('facts.time', { time: formatDateTime(stop.deliveredAt) })}</div> : null}
      {stop.hasPhoto ? (
        show ? (
          url ? (
            <Image src={url} alt={t('fields.photo.preview')} width={160} />
          ) : photo.isError ? (
            <Typography.Text type="danger">{t('common:messages.loadError')}</Typography.Text>
          ) : (
            <Skeleton.Image active />
          )
        ) : (
          <Button type="link" icon={<FileImageOutlined />} onClick={() => setShow(true)} style={{ paddingInline: 0 }}>
            {t('actions.showPhoto')}
          </Button>
        )
      ) : null}
    </div>
  );
}
