import { AimOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../lib/format';
import type { PositionState } from '../lib/geolocation';

/**
 * The last reading of the position in words: locating, found (with its accuracy), or unknown. A failed
 * reading — the panel's own, or the one a step just took (`failed`) — is never shown as "location
 * found" from an older reading: the failure is shown beside it, and the old fix is stale.
 */
export function PositionStatus({ here, failed = false }: { here: Pick<PositionState, 'status' | 'position'>; failed?: boolean }) {
  const { t } = useTranslation('maps');
  let text = t('geolocation.unknownPosition');
  if (here.status === 'locating') text = t('geolocation.locating');
  else if (here.status !== 'failed' && !failed && here.position) {
    text = here.position.accuracy !== null ? t('geolocation.accuracy', { meters: formatNumber(Math.round(here.position.accuracy)) }) : t('geolocation.located');
  }
  return (
    <span aria-live="polite" data-testid="position-status">
      <AimOutlined /> {text}
    </span>
  );
}

/** Whether the position on screen may be used (found, and no reading failed since). */
export const positionIsCurrent = (here: Pick<PositionState, 'status' | 'position'>, failed = false) =>
  here.status !== 'failed' && !failed && here.position !== null;
