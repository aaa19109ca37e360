import {
  courierPositionIntervalSeconds,
  maxWaybillPhotoBytes,
  waybillPhotoTypes,
  type Delivery,
  type DeliveryStop,
  type WaybillPhotoType,
} from '@pharma/contracts';

/** The longest side of a waybill photo as sent: legible print, a few hundred KB instead of a phone's 4–8 MB. */
export const photoMaxSide = 1600;
export const photoJpegQuality = 0.82;

/** The size an image is scaled down to (never up) so its longest side is at most `max`. */
export function scaledSize(width: number, height: number, max = photoMaxSide): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (longest <= max || longest === 0) return { width, height };
  const ratio = max / longest;
  return { width: Math.max(1, Math.round(width * ratio)), height: Math.max(1, Math.round(height * ratio)) };
}

export const isWaybillPhotoType = (type: string): type is WaybillPhotoType => (waybillPhotoTypes as readonly string[]).includes(type);

/** The courier may close stops (and take photos) only while the delivery is on the way. */
export const canCloseStops = (delivery: Pick<Delivery, 'status'>) => delivery.status === 'on_the_way';
export const isPending = (stop: Pick<DeliveryStop, 'status'>) => stop.status === 'pending';

/** Position sharing: the first reading goes at once, later ones at most every 30 s. */
export const positionIntervalMs = courierPositionIntervalSeconds * 1000;
export function shouldSendPosition(lastSentAt: number | null, now: number, intervalMs = positionIntervalMs): boolean {
  return lastSentAt === null || now - lastSentAt >= intervalMs;
}

/** The "delivered in part" form's starting quantities: everything ordered. */
export function initialQuantities(stop: Pick<DeliveryStop, 'positions'>): Record<number, number> {
  return Object.fromEntries(stop.positions.map((p) => [p.id, p.quantity]));
}

/** What the client takes in part: some, not nothing (a refusal) and not everything (a full delivery). */
export type PartlyCheck = 'ok' | 'nothing' | 'everything';
export function checkPartly(stop: Pick<DeliveryStop, 'positions'>, quantities: Record<number, number | null | undefined>): PartlyCheck {
  const taken = stop.positions.reduce((s, p) => s + Math.min(p.quantity, Math.max(0, quantities[p.id] ?? 0)), 0);
  const ordered = stop.positions.reduce((s, p) => s + p.quantity, 0);
  if (taken === 0) return 'nothing';
  if (taken >= ordered) return 'everything';
  return 'ok';
}

/** Only the positions whose quantity changed travel to the server. */
export function partlyPositions(stop: Pick<DeliveryStop, 'positions'>, quantities: Record<number, number | null | undefined>) {
  return stop.positions
    .map((p) => ({ positionId: p.id, quantity: Math.min(p.quantity, Math.max(0, Math.round(quantities[p.id] ?? 0))) }))
    .filter((line) => line.quantity !== stop.positions.find((p) => p.id === line.positionId)!.quantity);
}

/** The base64 of a Blob (without the data: prefix). */
export async function blobToBase64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  return btoa(binary);
}

export interface PreparedPhoto {
  contentType: WaybillPhotoType;
  blob: Blob;
}

export class PhotoRejected extends Error {
  readonly reason: 'photoType' | 'photoTooLarge';
  constructor(reason: 'photoType' | 'photoTooLarge') {
    super(reason);
    this.reason = reason;
  }
}

/**
 * The camera's photo made ready to send: scaled down to 1600 px as a JPEG; an image the browser
 * cannot draw is sent as it is when it is a JPEG or PNG within 5 MB.
 */
export async function preparePhoto(file: Blob): Promise<PreparedPhoto> {
  try {
    const bitmap = await createImageBitmap(file);
    const size = scaledSize(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no canvas');
    context.fillStyle = '#fff';
    context.fillRect(0, 0, size.width, size.height);
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', photoJpegQuality));
    if (blob && blob.size > 0 && blob.size <= maxWaybillPhotoBytes) return { contentType: 'image/jpeg', blob };
  } catch {
    /* not drawable here: send the original if the server takes it */
  }
  if (!isWaybillPhotoType(file.type)) throw new PhotoRejected('photoType');
  if (file.size > maxWaybillPhotoBytes) throw new PhotoRejected('photoTooLarge');
  return { contentType: file.type, blob: file };
}
