import { useRef, useState } from 'react';
import { App, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GeoPosition, OrganizationType, Visit } from '@pharma/contracts';
import { isGeolocationFailure, readPosition, type GeolocationError, type Position } from '../../lib/geolocation';
import { useSession } from '../../lib/session';
import { usePlanVisit } from './api/plan-visit';
import { useCancelVisit, useCompleteVisit, useStartVisit } from './api/visit-status';
import { clearVisitDrafts } from './use-draft';
import { completionQuestion } from './visit-rules';

/** Unknown accuracy counts as the worst the server accepts. */
const unknownAccuracyM = 100_000;

export function toGeoPosition(p: Position): GeoPosition {
  return { lat: p.lat, lng: p.lng, accuracy: p.accuracy ?? unknownAccuracyM, deviceTime: new Date().toISOString() };
}

export type VisitPhase = 'locating' | 'saving' | null;

/**
 * Starting, completing and cancelling the visit. Each step that needs the position takes a fresh
 * reading first; a geolocation failure stops the step with the spec's message (the server is not
 * called), a server failure shows 'Visit saving error'. `onVisit` pins the visit the screen follows.
 */
export function useVisitActions({ organizationId, type, onVisit, onGoToRemainders }: { organizationId: number; type: OrganizationType; onVisit: (visit: Visit) => void; onGoToRemainders: () => void }) {
  const { t } = useTranslation('visit');
  const { modal, message } = App.useApp();
  const me = useSession().user;
  const plan = usePlanVisit();
  const start = useStartVisit();
  const complete = useCompleteVisit();
  const cancel = useCancelVisit();
  const [phase, setPhase] = useState<VisitPhase>(null);
  const [geoError, setGeoError] = useState<GeolocationError | null>(null);
  const [error, setError] = useState<unknown>(null);
  const busy = useRef(false);
  const last = useRef<(() => Promise<void>) | null>(null);

  /** Runs one step at a time; the buttons are disabled meanwhile, a second tap does nothing. */
  async function step(work: () => Promise<void>) {
    if (busy.current) return;
    last.current = work;
    busy.current = true;
    setError(null);
    setGeoError(null);
    try {
      await work();
    } catch (failure) {
      setError(failure);
    } finally {
      busy.current = false;
      setPhase(null);
    }
  }

  async function position(): Promise<GeoPosition | null> {
    setPhase('locating');
    try {
      return toGeoPosition(await readPosition());
    } catch (failure) {
      setGeoError(isGeolocationFailure(failure) ? failure.reason : 'unknown');
      return null;
    }
  }

  const startVisit = (visit: Visit) =>
    step(async () => {
      const at = await position();
      if (!at) return;
      setPhase('saving');
      onVisit(await start.mutateAsync({ id: visit.id, position: at }));
      void message.success(t('messages.started'));
    });

  /** 'Start a visit now': plans one for the rep from now for an hour, then starts it. */
  const startNow = () =>
    step(async () => {
      const at = await position();
      if (!at || !me) return;
      setPhase('saving');
      const now = new Date();
      const planned = await plan.mutateAsync({
        organizationId,
        representativeId: me.id,
        doctorIds: [],
        plannedStart: now.toISOString(),
        plannedEnd: new Date(now.getTime() + 60 * 60_000).toISOString(),
      });
      onVisit(planned);
      onVisit(await start.mutateAsync({ id: planned.id, position: at }));
      void message.success(t('messages.started'));
    });

  const completeVisit = (visit: Visit, counts: { reserved: number; preOrdered: number }) => {
    const question = completionQuestion({ type, remaindersCounted: visit.remainders.length, reserved: counts.reserved, preOrdered: counts.preOrdered });
    const finish = () =>
      step(async () => {
        const at = await position();
        if (!at) return;
        setPhase('saving');
        onVisit(await complete.mutateAsync({ id: visit.id, position: at }));
        clearVisitDrafts(visit.id);
        void message.success(t('messages.completed'));
      });
    modal.confirm({
      title: t(`confirm.${question}`),
      content: t('confirm.geolocationNote'),
      okText: question === 'sendGeolocation' ? t('actions.complete') : t('actions.completeAnyway'),
      cancelText: question === 'noRemainders' ? t('actions.toRemainders') : t('common:actions.cancel'),
      okButtonProps: { size: 'large' },
      cancelButtonProps: { size: 'large' },
      onOk: () => void finish(),
      onCancel: question === 'noRemainders' ? onGoToRemainders : undefined,
    });
  };

  const cancelVisit = (visit: Visit) => {
    let reason = '';
    modal.confirm({
      title: t('confirm.cancel'),
      content: <Input.TextArea rows={2} maxLength={500} placeholder={t('fields.reason.label')} aria-label={t('fields.reason.label')} onChange={(e) => (reason = e.target.value)} />,
      okText: t('common:actions.yes'),
      cancelText: t('common:actions.no'),
      okButtonProps: { danger: true, size: 'large' },
      cancelButtonProps: { size: 'large' },
      onOk: () =>
        void step(async () => {
          setPhase('saving');
          onVisit(await cancel.mutateAsync({ id: visit.id, reason: reason.trim() || undefined }));
          clearVisitDrafts(visit.id);
          void message.success(t('messages.cancelled'));
        }),
    });
  };

  /** The step that failed, again (no second confirmation). */
  const retry = () => {
    const work = last.current;
    if (work) void step(work);
  };

  return { phase, geoError, error, retry, startVisit, startNow, completeVisit, cancelVisit };
}
