import { Button, DatePicker, Flex, Tabs, Tag, Tooltip } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import {
  businessDate,
  dateFormat,
  deliveryTabs,
  stopOutcomeRadiusM,
  type DeliveryOnMap,
  type DeliveryStatus,
  type DeliveryTab,
  type DeliveryWarehouseStep,
  type StopOutcomeProof,
} from '@pharma/contracts';
import { formatNumber } from '../../../lib/format';
import type { MapRoute } from '../../../components/map/types';
import { useToday } from '../../../lib/business-day';

/** Route colours on the maps: one per delivery, told apart on a light or dark map. */
export const routeColors = ['#3d7bf7', '#12a150', '#e5484d', '#f5a524', '#8e4ec6', '#0ea5e9', '#d946ef', '#64748b'] as const;
export const routeColorOf = (id: number) => routeColors[id % routeColors.length]!;

const statusColors: Record<DeliveryStatus, string> = { planned: 'default', in_assembly: 'processing', ready: 'gold', on_the_way: 'blue', completed: 'success' };

export function DeliveryStatusTag({ status }: { status: DeliveryStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={statusColors[status]} className="nowrap">
      {t(`enums:deliveryStatus.${status}`)}
    </Tag>
  );
}

/** Metres as kilometres with one decimal: 12 345 → "12.3". */
export const formatKm = (m: number) => formatNumber(m / 1000, 1);
/** A distance on the ground: metres under a kilometre, else km with one decimal. */
export function useDistanceText() {
  const { t } = useTranslation('logistics');
  return (m: number) => (m < 1000 ? t('proof.meters', { value: formatNumber(m) }) : t('proof.km', { value: formatKm(m) }));
}

/**
 * Where a stop was closed (delivered, in part, refused) against the stop's point (issue 13): the
 * distance, flagged beyond the organization radius; the position itself in the tooltip.
 */
export function StopProofNote({ proof }: { proof: Pick<StopOutcomeProof, 'lat' | 'lng' | 'distanceM' | 'far'> | null }) {
  const { t } = useTranslation('logistics');
  const distance = useDistanceText();
  if (!proof) return <span className="cell-muted">{t('proof.none')}</span>;
  const where = t('proof.position', { lat: proof.lat.toFixed(5), lng: proof.lng.toFixed(5) });
  return (
    <Tooltip title={where}>
      <span data-testid="stop-proof">
        {proof.distanceM === null ? (
          <span className="cell-muted">{t('proof.noPoint')}</span>
        ) : proof.far ? (
          <Tag color="error" icon={<WarningOutlined />}>
            {t('proof.far', { distance: distance(proof.distanceM), radius: formatNumber(stopOutcomeRadiusM) })}
          </Tag>
        ) : (
          t('proof.near', { distance: distance(proof.distanceM) })
        )}
      </span>
    </Tooltip>
  );
}

/** Grams as kilograms with one decimal. */
export const formatKg = (g: number) => formatNumber(g / 1000, 1);

/** The warehouse's next step of a delivery in this status, if any (assemble → ready → hand over). */
export const nextWarehouseStep = (status: DeliveryStatus): DeliveryWarehouseStep | null =>
  status === 'planned' ? 'assemble' : status === 'in_assembly' ? 'ready' : status === 'ready' ? 'handOver' : null;

/** A delivery's route on the map: from its warehouse through its located stops in route order. */
export function deliveryRoute(
  delivery: Pick<DeliveryOnMap, 'id' | 'warehouseLat' | 'warehouseLng' | 'stops'>,
  warehouseTitle: string,
  onSelect?: () => void,
): MapRoute {
  return {
    id: delivery.id,
    color: routeColorOf(delivery.id),
    start:
      delivery.warehouseLat !== null && delivery.warehouseLng !== null
        ? { lat: delivery.warehouseLat, lng: delivery.warehouseLng, title: warehouseTitle }
        : null,
    stops: delivery.stops
      .map((s, i) => ({ ...s, number: i + 1 }))
      .filter((s) => s.lat !== null && s.lng !== null)
      .map((s) => ({ id: s.id, number: s.number, lat: s.lat!, lng: s.lng!, title: `${s.organizationName} — ${s.address}`, done: s.status !== 'pending' })),
    onSelect,
  };
}

/** The list's address with a delivery opened in its drawer (`?id=`). */
export function withId(params: URLSearchParams, id: number): string {
  const next = new URLSearchParams(params);
  next.set('id', String(id));
  return `?${next.toString()}`;
}

/** The day (today unless the URL names a valid one) and the tab (active by default) of a deliveries screen. */
export function deliveryDayOf(filters: { date?: string; tab?: string }, today = businessDate()): { date: string; tab: DeliveryTab } {
  return {
    date: filters.date && dayjs(filters.date, dateFormat, true).isValid() ? filters.date : today,
    tab: (deliveryTabs as readonly string[]).includes(filters.tab ?? '') ? (filters.tab as DeliveryTab) : 'active',
  };
}

/** The day picker with "Today" and the active / completed tabs of /logistics and /delivery, kept in the URL. */
export function DeliveryDayBar({ date, tab, update }: { date: string; tab: DeliveryTab; update: (patch: { date?: string; tab?: string }) => void }) {
  const { t } = useTranslation('logistics');
  const today = useToday();
  return (
    <>
      <Flex className="toolbar" gap={8} wrap align="center">
        <DatePicker
          aria-label={t('fields.date.label')}
          format={dateFormat}
          allowClear={false}
          value={dayjs(date)}
          onChange={(d) => update({ date: d ? d.format(dateFormat) : undefined })}
        />
        <Button onClick={() => update({ date: undefined })} disabled={date === today}>
          {t('actions.today')}
        </Button>
      </Flex>
      <Tabs
        activeKey={tab}
        onChange={(key) => update({ tab: key === 'active' ? undefined : key })}
        items={deliveryTabs.map((key) => ({ key, label: t(`enums:deliveryTab.${key}`) }))}
      />
    </>
  );
}
