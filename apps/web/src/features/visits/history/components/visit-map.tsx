import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { visitProofLimits, type LatLng, type Visit } from '@pharma/contracts';
import { MapView } from '../../../../components/map/map-view';
import type { MapPoint } from '../../../../components/map/types';

type Position = Visit['startPosition'];

/**
 * Where the visit took place: the organization with its 200 m circle, the position at the start
 * (green) and at completion (amber). Nothing to draw without positions.
 */
export function VisitMap({
  organizationName,
  organization,
  start,
  end,
  height = 220,
}: {
  organizationName: string;
  organization: LatLng | null;
  start: Position;
  end: Position;
  height?: number;
}) {
  const { t } = useTranslation('visitHistory');
  const points: MapPoint[] = [];
  if (organization) points.push({ id: 'organization', ...organization, title: organizationName, tone: 'primary' });
  if (start) points.push({ id: 'start', lat: start.lat, lng: start.lng, title: t('labels.startPosition'), tone: 'delivery' });
  if (end) points.push({ id: 'end', lat: end.lat, lng: end.lng, title: t('labels.endPosition'), tone: 'picked' });
  if (!start && !end) return null;
  return (
    <div className="visit-map">
      <MapView
        label={t('labels.visitMap', { name: organizationName })}
        points={points}
        fitPoints
        circle={organization ? { center: organization, radius: visitProofLimits.maxDistanceM } : undefined}
        height={height}
      />
      <Typography.Text type="secondary" className="visit-map__legend">
        {organization ? (
          <span>
            <i className="legend-dot legend-dot--organization" /> {t('labels.organizationPoint')}
          </span>
        ) : null}
        {start ? (
          <span>
            <i className="legend-dot legend-dot--start" /> {t('labels.startPosition')}
          </span>
        ) : null}
        {end ? (
          <span>
            <i className="legend-dot legend-dot--end" /> {t('labels.endPosition')}
          </span>
        ) : null}
      </Typography.Text>
    </div>
  );
}
