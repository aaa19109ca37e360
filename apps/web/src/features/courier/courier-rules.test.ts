import { describe, expect, it } from 'vitest';
import type { DeliveryStop } from '@pharma/contracts';
import { blobToBase64, canCloseStops, checkPartly, initialQuantities, partlyPositions, scaledSize, shouldSendPosition } from './courier-rules';

const stop = {
  positions: [
    { id: 1, productName: 'Парацетамол', quantity: 4, sumSale: 400 },
    { id: 2, productName: 'Амброксол', quantity: 3, sumSale: 300 },
  ],
} satisfies Pick<DeliveryStop, 'positions'>;

describe('the waybill photo', () => {
  it('scales a phone photo down to 1600 px on its longest side, keeping its shape, never up', () => {
    expect(scaledSize(4032, 3024)).toEqual({ width: 1600, height: 1200 });
    expect(scaledSize(3024, 4032)).toEqual({ width: 1200, height: 1600 });
    expect(scaledSize(800, 600)).toEqual({ width: 800, height: 600 });
    expect(scaledSize(1600, 10)).toEqual({ width: 1600, height: 10 });
    expect(scaledSize(10_000, 3)).toEqual({ width: 1600, height: 1 });
  });

  it('encodes the bytes as base64, also beyond one chunk', async () => {
    expect(await blobToBase64(new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])]))).toBe('iVBORw==');
    const big = new Uint8Array(100_000).map((_, i) => i % 251);
    expect(await blobToBase64(new Blob([big]))).toBe(Buffer.from(big).toString('base64'));
  });
});

describe('closing stops', () => {
  it('only while the delivery is on the way', () => {
    expect(canCloseStops({ status: 'on_the_way' })).toBe(true);
    for (const status of ['planned', 'in_assembly', 'ready', 'completed'] as const) expect(canCloseStops({ status })).toBe(false);
  });

  it('delivered in part means some but not all, and sends only the changed positions', () => {
    const all = initialQuantities(stop);
    expect(all).toEqual({ 1: 4, 2: 3 });
    expect(checkPartly(stop, all)).toBe('everything');
    expect(checkPartly(stop, { 1: 0, 2: 0 })).toBe('nothing');
    expect(checkPartly(stop, { 1: null, 2: undefined })).toBe('nothing');
    expect(checkPartly(stop, { 1: 4, 2: 1 })).toBe('ok');
    // more than ordered counts as the ordered quantity
    expect(checkPartly(stop, { 1: 9, 2: 3 })).toBe('everything');
    expect(partlyPositions(stop, { 1: 4, 2: 1 })).toEqual([{ positionId: 2, quantity: 1 }]);
    expect(partlyPositions(stop, { 1: 0, 2: 2 })).toEqual([
      { positionId: 1, quantity: 0 },
      { positionId: 2, quantity: 2 },
    ]);
  });
});

describe('sharing the position', () => {
  it('sends the first reading at once and then at most every 30 s', () => {
    expect(shouldSendPosition(null, 1_000)).toBe(true);
    expect(shouldSendPosition(1_000, 30_999)).toBe(false);
    expect(shouldSendPosition(1_000, 31_000)).toBe(true);
  });
});
