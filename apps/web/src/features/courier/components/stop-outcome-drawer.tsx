import { useEffect, useRef, useState } from 'react';
import { Alert, App, Button, Drawer, Flex, Form, Input, InputNumber, Typography } from 'antd';
import { CameraOutlined, ClockCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { deliverStopBody, refuseStopBody, stopOutcomeDistance, stopOutcomeRadiusM, type Delivery, type DeliveryStop } from '@pharma/contracts';
import { PositionStatus, positionIsCurrent } from '../../../components/position-status';
import { useZodForm } from '../../../components/zod-form';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useDistanceText } from '../../logistics';
import { useCurrentPosition } from '../../../lib/geolocation';
import { phoneBelowPx, useWindowWidth } from '../../../lib/use-window-width';
import { GeolocationAlert } from '../../../components/geolocation-alert';
import { SaveError } from '../../../components/save-error';
import { useQueryClient } from '@tanstack/react-query';
import { deliveryKeys, getDelivery, useDeliverPartly, useDeliverStop, useRefuseStop, useUploadStopPhoto } from '../api/deliveries';
import { blobToBase64, checkPartly, initialQuantities, partlyPositions, PhotoRejected, preparePhoto, type PreparedPhoto } from '../courier-rules';

export const stopOutcomes = ['delivered', 'partly', 'refused'] as const;
export type StopOutcome = (typeof stopOutcomes)[number];

const recipientForm = deliverStopBody.pick({ recipientName: true });
const refuseForm = refuseStopBody.pick({ reason: true });

interface Photo extends PreparedPhoto {
  url: string;
  /** the server keeps this very photo already (a retry does not send it again) */
  uploaded: boolean;
}

/**
 * The courier's outcome of a stop, on a phone: delivered (recipient, the signed waybill's photo from
 * the camera, position and time taken by themselves), delivered in part (plus the quantity taken
 * of each position, 0 … ordered) or refused (the reason). A failed send keeps everything filled in
 * and offers Retry.
 */
export function StopOutcomeDrawer({
  delivery,
  stop,
  outcome,
  onClose,
  onDone,
}: {
  delivery: Delivery;
  stop: DeliveryStop;
  outcome: StopOutcome;
  onClose: () => void;
  onDone: (outcome: StopOutcome) => void;
}) {
  const { t } = useTranslation('courier');
  const { modal } = App.useApp();
  const distanceText = useDistanceText();
  const width = useWindowWidth();
  const needsPhoto = outcome !== 'refused';
  const { form, rule, parse, showServerErrors } = useZodForm<z.ZodType>(outcome === 'refused' ? refuseForm : recipientForm);
  const here = useCurrentPosition({ auto: true });
  const now = useNow();
  const [photo, setPhoto] = useState<Photo | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [quantities, setQuantities] = useState<Record<number, number | null>>(() => initialQuantities(stop));
  const [partlyError, setPartlyError] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const upload = useUploadStopPhoto();
  const deliver = useDeliverStop();
  const partly = useDeliverPartly();
  const refuse = useRefuseStop();
  const busy = upload.isPending || deliver.isPending || partly.isPending || refuse.isPending;

  const photoUrl = photo?.url;
  useEffect(() => () => (photoUrl ? URL.revokeObjectURL(photoUrl) : undefined), [photoUrl]);

  const takePhoto = async (file: File | undefined) => {
    if (!file) return;
    setPhotoError(null);
    try {
      const prepared = await preparePhoto(file);
      setPhoto({ ...prepared, url: URL.createObjectURL(prepared.blob), uploaded: false });
    } catch (reason) {
      setPhotoError(t(`validation:${reason instanceof PhotoRejected ? reason.reason : 'photoType'}`));
    }
  };

  const submit = async (farConfirmed = false) => {
    setError(null);
    setPartlyError(null);
    const values = form.getFieldsValue();
    const body = parse(values);
    if (!body) return;
    if (outcome === 'partly') {
      const check = checkPartly(stop, quantities);
      if (check !== 'ok') {
        setPartlyError(t(`messages.partly_${check}`));
        return;
      }
    }
    if (needsPhoto && !photo) {
      setPhotoError(t('errors:DELIVERY_PHOTO_REQUIRED'));
      return;
    }
    // only a current reading proves where the outcome was made: a failed one is read again
    const position = positionIsCurrent(here) ? here.position : null;
    if (!position) {
      here.locate();
      return;
    }
    // beyond the organization radius the courier is warned before sending (decision 025)
    if (stopOutcomeDistance(stop, position).far && !farConfirmed) {
      modal.confirm({
        title: t('confirm.farFromStop'),
        content: t('messages.farFromStop', {
          distance: distanceText(stopOutcomeDistance(stop, position).distanceM ?? 0),
          radius: formatNumber(stopOutcomeRadiusM),
        }),
        okText: t('actions.sendAnyway'),
        cancelText: t('common:actions.cancel'),
        okButtonProps: { size: 'large', danger: true },
        cancelButtonProps: { size: 'large' },
        onOk: () => void submit(true),
      });
      return;
    }
    const where = { lat: position.lat, lng: position.lng, accuracy: Math.min(Math.round(position.accuracy ?? 0), 100_000) };
    const ids = { delivery, stopId: stop.id };
    try {
      if (needsPhoto && photo && !photo.uploaded) {
        await upload.mutateAsync({ ...ids, body: { contentType: photo.contentType, data: await blobToBase64(photo.blob) } });
        setPhoto({ ...photo, uploaded: true });
      }
      const recipientName = String((values as { recipientName?: string }).recipientName ?? '');
      if (outcome === 'delivered') await deliver.mutateAsync({ ...ids, body: { ...where, recipientName } });
      else if (outcome === 'partly') await partly.mutateAsync({ ...ids, body: { ...where, recipientName, positions: partlyPositions(stop, quantities) } });
      else await refuse.mutateAsync({ ...ids, body: { ...where, reason: String((values as { reason?: string }).reason ?? '') } });
      onDone(outcome);
    } catch (failure) {
      // the answer was lost on a poor network but the stop was closed: a retry finds it done
      if (failure instanceof ApiError && failure.code === 'DELIVERY_STATUS_REFUSED') {
        const fresh = await getDelivery(delivery.id).catch(() => null);
        if (fresh) queryClient.setQueryData(deliveryKeys.detail(fresh.id), fresh);
        const closed = fresh?.stops.find((s) => s.id === stop.id);
        if (closed && closed.status !== 'pending' && (closed.status === 'refused') === (outcome === 'refused')) {
          void queryClient.invalidateQueries({ queryKey: ['deliveries', 'list'] });
          onDone(outcome);
          return;
        }
      }
      if (failure instanceof ApiError && failure.code === 'DELIVERY_PHOTO_REQUIRED') setPhoto((p) => (p ? { ...p, uploaded: false } : p));
      const onField = showServerErrors(failure);
      if (failure instanceof ApiError && (failure.fields.data || failure.fields.contentType))
        setPhotoError(failure.fields.data ?? failure.fields.contentType ?? null);
      if (!onField || (failure instanceof ApiError && failure.code !== 'VALIDATION_FAILED')) setError(failure);
    }
  };

  const title = t(`titles.${outcome}`, { name: stop.organizationName });
  const far = positionIsCurrent(here) && here.position ? stopOutcomeDistance(stop, here.position) : { distanceM: null, far: false };
  return (
    <Drawer
      open
      onClose={onClose}
      title={title}
      size={width < phoneBelowPx ? '100%' : 520}
      destroyOnHidden
      maskClosable={!busy}
      footer={
        <Flex gap={8} justify="flex-end" wrap className="courier-drawer-footer">
          <Button size="large" onClick={onClose} disabled={busy}>
            {t('common:actions.cancel')}
          </Button>
          <Button size="large" type="primary" danger={outcome === 'refused'} loading={busy} onClick={() => void submit()} data-testid="stop-outcome-submit">
            {t(`actions.confirm_${outcome}`)}
          </Button>
        </Flex>
      }
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">
          {t('facts.order', { number: stop.orderNumber })} · {stop.address}
        </Typography.Text>
        <Form form={form} layout="vertical" requiredMark onFinish={() => void submit()} disabled={busy}>
          {outcome === 'refused' ? (
            <Form.Item name="reason" label={t('fields.reason.label')} rules={rule('reason')} required>
              <Input.TextArea rows={3} maxLength={500} showCount autoFocus />
            </Form.Item>
          ) : (
            <Form.Item name="recipientName" label={t('fields.recipientName.label')} rules={rule('recipientName')} required>
              <Input size="large" maxLength={120} autoComplete="off" />
            </Form.Item>
          )}
        </Form>

        {outcome === 'partly' ? (
          <section aria-label={t('fields.quantities.label')}>
            <Typography.Text strong>{t('fields.quantities.label')}</Typography.Text>
            <Flex vertical gap={8} style={{ marginTop: 8 }}>
              {stop.positions.map((p) => (
                <Flex key={p.id} align="center" justify="space-between" gap={8} className="courier-position">
                  <span className="courier-position__name">
                    {p.productName}
                    <Typography.Text type="secondary" className="courier-position__ordered">
                      {t('fields.quantities.ordered', { quantity: p.quantity })}
                    </Typography.Text>
                  </span>
                  <InputNumber
                    size="large"
                    min={0}
                    max={p.quantity}
                    precision={0}
                    inputMode="numeric"
                    value={quantities[p.id] ?? null}
                    onChange={(value) => {
                      setPartlyError(null);
                      setQuantities((q) => ({ ...q, [p.id]: value }));
                    }}
                    aria-label={t('fields.quantities.taken', { name: p.productName })}
                    style={{ width: 96 }}
                    disabled={busy}
                  />
                </Flex>
              ))}
            </Flex>
            {partlyError ? <Alert style={{ marginTop: 8 }} type="error" showIcon role="alert" title={partlyError} /> : null}
          </section>
        ) : null}

        {needsPhoto ? (
          <section aria-label={t('fields.photo.label')} className="courier-photo">
            <Typography.Text strong>
              <span className="courier-required">*</span> {t('fields.photo.label')}
            </Typography.Text>
            <input
              ref={fileInput}
              type="file"
              accept="image/*"
              capture="environment"
              className="sr-only"
              aria-label={t('fields.photo.input')}
              data-testid="waybill-photo-input"
              onChange={(e) => {
                void takePhoto(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
            {photo ? <img src={photo.url} alt={t('fields.photo.preview')} className="courier-photo__preview" data-testid="waybill-photo-preview" /> : null}
            <Button size="large" icon={<CameraOutlined />} onClick={() => fileInput.current?.click()} disabled={busy} block>
              {photo ? t('actions.retakePhoto') : t('actions.takePhoto')}
            </Button>
            {photoError ? <Alert type="error" showIcon role="alert" title={photoError} /> : null}
          </section>
        ) : null}

        <div className="courier-proof" aria-live="polite">
          <div>
            <PositionStatus here={here} />
          </div>
          <div>
            <ClockCircleOutlined /> {t('facts.time', { time: formatDateTime(now) })}
          </div>
        </div>
        {here.status === 'failed' ? <GeolocationAlert reason={here.error} onRetry={here.locate} /> : null}
        {far.far ? (
          <Alert
            type="warning"
            showIcon
            role="alert"
            data-testid="far-from-stop"
            title={t('messages.farFromStop', { distance: distanceText(far.distanceM ?? 0), radius: formatNumber(stopOutcomeRadiusM) })}
          />
        ) : null}
        <SaveError error={error} title={t('messages.sendError')} onRetry={() => void submit()} retrying={busy} />
      </Flex>
    </Drawer>
  );
}

/** The time as it passes (every 15 s): the proof's time is the moment it is sent. */
function useNow() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 15_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}
