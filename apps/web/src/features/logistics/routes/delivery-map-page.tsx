import { useMemo, useRef } from 'react';
import { formatNumber } from '../../../lib/format';
import { Badge, Card, Col, Drawer, Empty, List, Row, Skeleton } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MapView } from '../../../components/map/map-view';
import { Money } from '../../../components/money';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { idFilter, useListParams } from '../../../lib/use-list-params';
import { useWindowWidth } from '../../../lib/use-window-width';
import { useDeliveryMap } from '../api/deliveries-api';
import { DeliveryDetails } from '../components/delivery-details';
import { DeliveryDayBar, DeliveryStatusTag, deliveryDayOf, deliveryRoute, formatKm, routeColorOf, withId } from '../components/delivery-parts';
import { useToday } from '../../../lib/business-day';

const filterNames = ['date', 'tab', 'id'] as const;
/** The most deliveries of a day drawn on the map at once. */
const mapLimit = 100;

/**
 * /delivery: the day's deliveries (today by default) on one map, each route a coloured line from its
 * warehouse through its numbered stops (the organizations), by tab; the side list and a click on a
 * route open the delivery.
 */
export function DeliveryMapPage() {
  const { t } = useTranslation('logistics');
  const width = useWindowWidth();
  const { filters, update, params } = useListParams(filterNames);
  const { date, tab } = deliveryDayOf(filters, useToday());
  const openId = idFilter(filters.id);
  const list = useDeliveryMap({ from: date, to: date, tab, page: 1, size: mapLimit, sort: 'number' });
  const summaries = useMemo(() => list.data?.items ?? [], [list.data]);
  // the routes change with the data only: opening a delivery (?id=) must not redraw and refit the map
  const open = useRef(update);
  open.current = update;
  const routes = useMemo(() => summaries.map((d) => deliveryRoute(d, d.warehouseName, () => open.current({ id: d.id }))), [summaries]);

  return (
    <>
      <PageHeader title={t('nav:titles.delivery')} />
      <Card variant="borderless" styles={{ body: { padding: 12 } }}>
        <DeliveryDayBar date={date} tab={tab} update={update} />
        {list.isError ? (
          <QueryError error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />
        ) : (
          <Row gutter={[12, 12]}>
            <Col xs={24} lg={8}>
              {list.isPending ? (
                <Skeleton active paragraph={{ rows: 6 }} />
              ) : summaries.length === 0 ? (
                <Empty description={t('empty.deliveries')} />
              ) : (
                <List
                  size="small"
                  bordered
                  aria-label={t('titles.dayDeliveries')}
                  dataSource={summaries}
                  style={{ maxHeight: 520, overflow: 'auto' }}
                  renderItem={(d) => (
                    <List.Item
                      onClick={() => update({ id: d.id })}
                      style={{ cursor: 'pointer', background: d.id === openId ? 'var(--ant-color-primary-bg, rgba(61,123,247,0.08))' : undefined }}
                      extra={<DeliveryStatusTag status={d.status} />}
                    >
                      <List.Item.Meta
                        avatar={<Badge color={routeColorOf(d.id)} />}
                        title={
                          <Link to={{ search: withId(params, d.id) }} replace aria-label={t('actions.openDelivery', { number: d.number })}>
                            {`№ ${d.number}`}
                          </Link>
                        }
                        description={
                          <>
                            <div>{[d.courierName, d.carPlate].filter(Boolean).join(' · ') || t(`enums:deliveryType.${d.type}`)}</div>
                            <div>
                              {t('map.summary', { delivered: formatNumber(d.deliveredCount), stops: formatNumber(d.stopCount), km: formatKm(d.distanceM) })} ·{' '}
                              <Money value={d.cost} currency />
                            </div>
                          </>
                        }
                      />
                    </List.Item>
                  )}
                />
              )}
            </Col>
            <Col xs={24} lg={16}>
              <MapView label={t('titles.dayMap', { date })} routes={routes} fitPoints height={width < 768 ? 360 : 520} />
            </Col>
          </Row>
        )}
      </Card>
      <Drawer open={!!openId} onClose={() => update({ id: undefined })} size={width < 900 ? '100%' : 860} title={t('titles.deliveryDrawer')} destroyOnHidden>
        {openId ? <DeliveryDetails id={openId} onDeleted={() => update({ id: undefined })} /> : null}
      </Drawer>
    </>
  );
}
