import { useEffect, useRef, useState } from 'react';
import { Button, Card } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { nearbyRadiusM } from '@pharma/contracts';
import { PositionStatus, positionIsCurrent } from '../../../../components/position-status';
import { formatNumber } from '../../../../lib/format';
import type { useCurrentPosition } from '../../../../lib/geolocation';
import { coordinateRefreshSeconds, distanceTo, isNear, startCountdown } from '../visit-rules';
import { GeolocationAlert } from '../../../../components/geolocation-alert';

type Here = ReturnType<typeof useCurrentPosition>;

/**
 * Where the rep is against the organization: accuracy and distance of the last reading, and — while
 * the visit is open — the countdown to the next reading ('Coordinates update in N s').
 */
export function PositionPanel({
  here,
  organization,
  refreshing,
  stepFailed = false,
}: {
  here: Here;
  organization: { lat: number | null; lng: number | null };
  refreshing: boolean;
  /** the step just taken (start, complete) failed to read the position: its error is shown by the step */
  stepFailed?: boolean;
}) {
  const { t } = useTranslation(['visit', 'maps']);
  // a distance from a fix older than a failed reading is stale
  const distance = positionIsCurrent(here, stepFailed) ? distanceTo(here.position, organization) : null;
  const located = organization.lat !== null && organization.lng !== null;

  return (
    <Card size="small" className="visit-position-card">
      <div className="visit-position">
        <div className="visit-position__row">
          <PositionStatus here={here} failed={stepFailed} />
          <Button
            icon={<ReloadOutlined />}
            loading={here.status === 'locating'}
            onClick={here.locate}
            aria-label={t('maps:actions.updatePosition')}
            size="large"
          />
        </div>
        <div className="visit-position__facts">
          {distance !== null ? (
            <span className={isNear(distance) ? 'visit-position__near' : 'visit-position__far'} data-testid="visit-distance">
              {t('messages.distance', { meters: formatNumber(distance) })}
              {isNear(distance) ? '' : ` · ${t('messages.far', { meters: nearbyRadiusM })}`}
            </span>
          ) : !located ? (
            <span>{t('enums:visitProofReason.organizationNotLocated')}</span>
          ) : null}
          {refreshing ? <Countdown locate={here.locate} /> : null}
        </div>
      </div>
      {!stepFailed && here.status === 'failed' ? (
        <div style={{ marginTop: 8 }}>
          <GeolocationAlert reason={here.error} onRetry={here.locate} />
        </div>
      ) : null}
    </Card>
  );
}

/** Reads the position again every 30 s and shows the seconds left; its own component so the page does not re-render each second. */
function Countdown({ locate }: { locate: () => void }) {
  const { t } = useTranslation(['visit', 'maps']);
  const [left, setLeft] = useState(coordinateRefreshSeconds);
  const locateRef = useRef(locate);
  locateRef.current = locate;
  useEffect(() => startCountdown(coordinateRefreshSeconds, setLeft, () => locateRef.current()), []);
  return (
    <span className="visit-countdown" data-testid="coordinate-countdown">
      {t('messages.countdown', { seconds: left })}
    </span>
  );
}
