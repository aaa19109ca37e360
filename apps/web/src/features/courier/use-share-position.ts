import { useEffect, useRef, useState } from 'react';
import { browserGeolocation, geolocationErrorOf, geolocationOptions, type GeolocationError, type Position } from '../../lib/geolocation';
import { storage } from '../../lib/storage';
import { shareCourierPosition } from './api/deliveries';
import { shouldSendPosition } from './courier-rules';

const storageKey = 'courier.sharePosition';

/** The courier's choice to share their position, kept on the phone across visits of the screen. */
export function useShareChoice() {
  const [on, setOn] = useState(() => storage.get(storageKey) === 'true');
  const change = (value: boolean) => {
    storage.set(storageKey, String(value));
    setOn(value);
  };
  return [on, change] as const;
}

export interface SharingState {
  /** the last reading of the phone */
  position: Position | null;
  /** when the server last took a position (epoch ms) */
  sentAt: number | null;
  error: GeolocationError | null;
  /** the last send failed (no network): the next reading tries again */
  sendFailed: boolean;
}

/**
 * While `active`: watches the phone's position (navigator.geolocation.watchPosition) and sends it
 * for the delivery at most every 30 s; a failed send is tried again with the next reading.
 */
export function useSharePosition(deliveryId: number, active: boolean): SharingState {
  const [state, setState] = useState<SharingState>({ position: null, sentAt: null, error: null, sendFailed: false });
  const lastSent = useRef<number | null>(null);
  const sending = useRef(false);

  useEffect(() => {
    if (!active) return;
    const geolocation = browserGeolocation();
    if (!geolocation) {
      setState((s) => ({ ...s, error: 'unsupported' }));
      return;
    }
    let alive = true;
    const watch = geolocation.watchPosition(
      (found) => {
        const position: Position = {
          lat: found.coords.latitude,
          lng: found.coords.longitude,
          accuracy: Number.isFinite(found.coords.accuracy) ? found.coords.accuracy : null,
          at: Date.now(),
        };
        setState((s) => ({ ...s, position, error: null }));
        if (sending.current || !shouldSendPosition(lastSent.current, position.at)) return;
        sending.current = true;
        shareCourierPosition(deliveryId, { lat: position.lat, lng: position.lng, accuracy: Math.min(position.accuracy ?? 0, 100_000) })
          .then(
            () => {
              lastSent.current = position.at;
              if (alive) setState((s) => ({ ...s, sentAt: position.at, sendFailed: false }));
            },
            () => {
              if (alive) setState((s) => ({ ...s, sendFailed: true }));
            },
          )
          .finally(() => {
            sending.current = false;
          });
      },
      (error) => setState((s) => ({ ...s, error: geolocationErrorOf(error) })),
      geolocationOptions,
    );
    return () => {
      alive = false;
      geolocation.clearWatch(watch);
    };
  }, [active, deliveryId]);

  return state;
}
