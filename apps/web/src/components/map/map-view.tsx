import { Component, lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { Alert, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MapLoadStatus } from '@pharma/contracts';
import { useMapConfig } from '../../lib/map-config';
import type { MapViewProps } from './types';

// Leaflet and its CSS (≈ 45 KB gzipped) load only when a map is on the screen.
const LeafletMap = lazy(() => import('./leaflet-map').then((m) => ({ default: m.LeafletMap })));

/** A map chunk that cannot load (offline after an update) shows the error state instead of breaking the page. */
class MapBoundary extends Component<{ onError: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error(error);
    this.props.onError();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * Every map of the product: points, an optional point to pick (click or drag), the tiles of the
 * configured service. Its load status is the spec's four states — pending (waiting for its
 * settings and code), loading, loaded, error — kept on `data-map-status`. Without tiles (no
 * network) it says so, and markers and picking keep working on a plain grid.
 */
export function MapView({ height = 320, onStatusChange, ...props }: MapViewProps) {
  const { t } = useTranslation('maps');
  const { config, ready } = useMapConfig();
  const [status, setStatus] = useState<MapLoadStatus>('pending');

  const report = useCallback(
    (next: MapLoadStatus) => {
      setStatus(next);
      onStatusChange?.(next);
    },
    [onStatusChange],
  );

  const placeholder = (
    <div className="map-placeholder">
      <Spin size="small" />
      <span>{t('enums:mapLoadStatus.pending')}</span>
    </div>
  );

  return (
    <div className="map-view">
      {status === 'error' ? (
        <Alert
          className="map-notice"
          type="warning"
          showIcon
          role="status"
          title={props.pick ? t('enums:mapLoadStatus.error') : t('messages.tilesUnavailable')}
          description={props.pick ? t('messages.offlinePick') : undefined}
        />
      ) : null}
      <div
        className="map-frame"
        style={{ height }}
        data-map-status={status}
        role="region"
        aria-label={props.label}
        aria-busy={status === 'pending' || status === 'loading'}
        data-testid="map"
      >
        <MapBoundary onError={() => report('error')}>
          <Suspense fallback={placeholder}>{ready ? <LeafletMap {...props} config={config} onStatus={report} /> : placeholder}</Suspense>
        </MapBoundary>
        {status === 'loading' ? (
          <div className="map-loading" aria-hidden="true">
            <Spin size="small" /> {t('enums:mapLoadStatus.loading')}
          </div>
        ) : null}
      </div>
    </div>
  );
}
