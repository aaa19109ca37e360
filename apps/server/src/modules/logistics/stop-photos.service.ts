import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import {
  deliveryStatusesOfTab,
  maxWaybillPhotoBytes,
  type courierPositionBody,
  type Delivery,
  type uploadStopPhotoBody,
  type WaybillPhotoType,
} from '@pharma/contracts';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { AppError, fieldError, notFound } from '../../platform/errors.js';
import { inScope } from '../../platform/scope.js';
import { getDelivery } from './deliveries.service.js';
import { lockOnTheWay } from './delivery-steps.service.js';
import { deliveries, deliveryStopPhotos, deliveryStops } from './logistics.table.js';

/** The first bytes of each accepted image type: the body must be what it says it is. */
const signatures: Record<WaybillPhotoType, number[]> = {
  'image/jpeg': [0xff, 0xd8, 0xff],
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
};

/** The photo's bytes, or a field error: larger than 5 MB, or not the image its type names. */
export function decodePhoto(input: z.output<typeof uploadStopPhotoBody>): Buffer {
  const data = Buffer.from(input.data, 'base64');
  if (data.length > maxWaybillPhotoBytes) throw fieldError('VALIDATION_FAILED', 'data', 'photoTooLarge');
  const signature = signatures[input.contentType];
  if (data.length <= signature.length || signature.some((byte, i) => data[i] !== byte)) throw fieldError('VALIDATION_FAILED', 'data', 'photoType');
  return data;
}

/**
 * POST /api/deliveries/:id/stops/:stopId/photo: the photo of the signed waybill, by the delivery's
 * courier while the stop is pending (a new photo replaces the previous one).
 */
export async function uploadStopPhoto(
  db: Db,
  actor: Actor,
  id: number,
  stopId: number,
  input: z.output<typeof uploadStopPhotoBody>,
  now = new Date(),
): Promise<Delivery> {
  const data = decodePhoto(input);
  await db.transaction(async (tx) => {
    await lockOnTheWay(tx, actor, id);
    const [stop] = await tx
      .select({ status: deliveryStops.status })
      .from(deliveryStops)
      .where(and(eq(deliveryStops.id, stopId), eq(deliveryStops.deliveryId, id)));
    if (!stop) throw notFound();
    if (stop.status !== 'pending') throw new AppError('DELIVERY_STATUS_REFUSED');
    const row = { contentType: input.contentType, data, size: data.length, uploadedBy: actor.id, uploadedAt: now };
    await tx
      .insert(deliveryStopPhotos)
      .values({ stopId, ...row })
      .onConflictDoUpdate({ target: deliveryStopPhotos.stopId, set: row });
  });
  return getDelivery(db, actor, id);
}

/** GET /api/deliveries/:id/stops/:stopId/photo: the waybill photo, for whoever sees the delivery (404 otherwise). */
export async function getStopPhoto(db: Db, actor: Actor, id: number, stopId: number): Promise<{ contentType: string; data: Buffer }> {
  const [photo] = await db
    .select({ contentType: deliveryStopPhotos.contentType, data: deliveryStopPhotos.data })
    .from(deliveryStopPhotos)
    .innerJoin(deliveryStops, eq(deliveryStops.id, deliveryStopPhotos.stopId))
    .innerJoin(deliveries, eq(deliveries.id, deliveryStops.deliveryId))
    .where(and(eq(deliveryStopPhotos.stopId, stopId), eq(deliveryStops.deliveryId, id), inScope(actor, deliveries.courierId)));
  if (!photo) throw notFound();
  return photo;
}

/**
 * POST /api/deliveries/:id/position: the courier shares where they are while their delivery is
 * active; the last position and its time are kept on the delivery for the operator's map.
 */
export async function shareCourierPosition(db: Db, actor: Actor, id: number, input: z.output<typeof courierPositionBody>, now = new Date()): Promise<void> {
  const [updated] = await db
    .update(deliveries)
    .set({ courierLat: input.lat, courierLng: input.lng, courierAccuracy: input.accuracy, courierPositionAt: now })
    .where(and(eq(deliveries.id, id), eq(deliveries.courierId, actor.id), inArray(deliveries.status, [...deliveryStatusesOfTab.active])))
    .returning({ id: deliveries.id });
  if (updated) return;
  const [delivery] = await db
    .select({ courierId: deliveries.courierId })
    .from(deliveries)
    .where(and(eq(deliveries.id, id), inScope(actor, deliveries.courierId)));
  if (!delivery) throw notFound();
  if (delivery.courierId !== actor.id) throw new AppError('FORBIDDEN');
  throw new AppError('DELIVERY_STATUS_REFUSED');
}
