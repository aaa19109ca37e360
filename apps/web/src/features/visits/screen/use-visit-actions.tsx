import { useRef, useState } from 'react';
import { App, Flex, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GeoPosition, OrganizationType, Visit } from '@pharma/contracts';
import { isGeolocationFailure, readPosition, type GeolocationError, type Position } from '../../../lib/geolocation';
import { useSession } from '../../../lib/session';
import { usePlanVisit } from '../api/plan-visit';
import { useSaveDrugResults, useSaveRemainders } from '../api/visit-results';
import { useCancelVisit, useCompleteVisit, useStartVisit } from '../api/visit-status';
import { clearDraft, clearVisitDrafts, visitDrafts } from './use-draft';
import { completionQuestion, unsavedInputOf } from './visit-rules';

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
export function useVisitActions({
  organizationId,
  organizationName,
  type,
  onVisit,
  onGoToRemainders,
  onGoToDrugs,
}: {
  organizationId: number;
  /** the organization's name, for a visit planned on the phone before the server has it */
  organizationName: string;
  type: OrganizationType;
  onVisit: (visit: Visit) => void;
  onGoToRemainders: () => void;
  onGoToDrugs: () => void;
}) {
  const { t } = useTranslation('visit');
  const { modal, message } = App.useApp();
  const me = useSession().user;
  const plan = usePlanVisit();
  const start = useStartVisit();
  const complete = useCompleteVisit();
  const cancel = useCancelVisit();
  const saveDrugs = useSaveDrugResults();
  const saveRemainders = useSaveRemainders();
  const [phase, setPhase] = useState<VisitPhase>(null);
  const [geoError, setGeoError] = useState<{ reason: GeolocationError; at: number } | null>(null);
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
      setGeoError({ reason: isGeolocationFailure(failure) ? failure.reason : 'unknown', at: Date.now() });
      return null;
    }
  }

  const startVisit = (visit: Visit) =>
    step(async () => {
      const at = await position();
      if (!at) return;
      setPhase('saving');
      onVisit(await start.mutateAsync({ visit, position: at }));
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
        body: {
          organizationId,
          representativeId: me.id,
          doctorIds: [],
          plannedStart: now.toISOString(),
          plannedEnd: new Date(now.getTime() + 60 * 60_000).toISOString(),
        },
        names: { organizationName, representativeName: me.fullName },
      });
      onVisit(planned);
      onVisit(await start.mutateAsync({ visit: planned, position: at }));
      void message.success(t('messages.started'));
    });

  /**
   * 'Complete visit': what the rep typed and did not save (drug attitudes, counted remainders) is sent
   * first — the dialog lists it — and the visit completes only after the server took it; a failure
   * keeps it all with Retry. Drug lines without the doctor's attitude cannot be sent: the dialog names
   * them and takes the rep back to the drugs.
   */
  const completeVisit = (visit: Visit, counts: { reserved: number; preOrdered: number }) => {
    const unsaved = unsavedInputOf(visit, visitDrafts(visit.id));
    const question = completionQuestion({
      type,
      remaindersCounted: unsaved.remainders?.count ?? visit.remainders.length,
      reserved: counts.reserved,
      preOrdered: counts.preOrdered,
      incompleteDrugs: unsaved.incompleteDrugs,
    });
    if (question === 'unsavedDrugs') {
      modal.confirm({
        title: t('confirm.unsavedDrugs', { count: unsaved.incompleteDrugs }),
        content: t('confirm.unsavedDrugsNote'),
        okText: t('actions.toDrugs'),
        cancelText: t('common:actions.cancel'),
        okButtonProps: { size: 'large' },
        cancelButtonProps: { size: 'large' },
        onOk: onGoToDrugs,
      });
      return;
    }
    const finish = () =>
      step(async () => {
        // read again: a retry after a failed send finds only what is still unsent
        const pending = unsavedInputOf(visit, visitDrafts(visit.id));
        // each save answers the visit as it now is: the completion goes on from it (a queued save's visit is the phone's)
        let current = visit;
        if (pending.drugs || pending.remainders) setPhase('saving');
        if (pending.drugs) {
          current = await saveDrugs.mutateAsync({ visit: current, body: pending.drugs.body, results: pending.drugs.local });
          clearDraft(visit.id, 'drugs');
        }
        if (pending.remainders) {
          current = await saveRemainders.mutateAsync({ visit: current, body: pending.remainders.body, remainders: pending.remainders.local });
          clearDraft(visit.id, 'remainders');
        }
        const at = await position();
        if (!at) return;
        setPhase('saving');
        onVisit(await complete.mutateAsync({ visit: current, position: at }));
        clearVisitDrafts(visit.id);
        void message.success(t('messages.completed'));
      });
    const sentFirst = [
      unsaved.drugs ? t('confirm.unsavedCount', { section: t('sections.drugs'), count: unsaved.drugs.count }) : null,
      unsaved.remainders ? t('confirm.unsavedCount', { section: t('sections.remainders'), count: unsaved.remainders.count }) : null,
    ].filter((line) => line !== null);
    modal.confirm({
      title: t(`confirm.${question}`),
      content: (
        <Flex vertical gap={8}>
          <span>{t('confirm.geolocationNote')}</span>
          {sentFirst.length ? (
            <div data-testid="unsaved-input">
              <Typography.Text strong>{t('confirm.sentFirst')}</Typography.Text>
              <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                {sentFirst.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </div>
          ) : null}
        </Flex>
      ),
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
      content: (
        <Input.TextArea
          rows={2}
          maxLength={500}
          placeholder={t('fields.reason.label')}
          aria-label={t('fields.reason.label')}
          onChange={(e) => (reason = e.target.value)}
        />
      ),
      okText: t('common:actions.yes'),
      cancelText: t('common:actions.no'),
      okButtonProps: { danger: true, size: 'large' },
      cancelButtonProps: { size: 'large' },
      onOk: () =>
        void step(async () => {
          setPhase('saving');
          onVisit(await cancel.mutateAsync({ visit, reason: reason.trim() || undefined }));
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
