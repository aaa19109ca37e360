import { describe, expect, it } from 'vitest';
import type { Delivery, DeliveryStop } from '@pharma/contracts';
import { deliveryRoute, formatKm, nextWarehouseStep, withId } from './components/delivery-parts';

const stop = (id: number, lat: number | null, status: DeliveryStop['status'] = 'pending'): DeliveryStop => ({
  id,
  sequence: id,
  orderId: id,
  orderNumber: String(id).padStart(6, '0'),
  orderStatus: 'approved_for_shipment',
  organizationId: id,
  organizationName: `Pharmacy ${id}`,
  hasPhoto: false,
  positions: [],
  phone: null,
  address: `Street ${id}`,
  lat,
  lng: lat === null ? null : 69.2,
  sumSale: 100,
  status,
  recipientName: null,
  refusalReason: null,
  deliveredAt: null,
  proof: null,
});

describe('a delivery on the map', () => {
  it('numbers the stops by their place in the route, skipping those without a point, from the warehouse', () => {
    const delivery = { id: 7, warehouseLat: 41.3, warehouseLng: 69.24, stops: [stop(1, 41.31, 'delivered'), stop(2, null), stop(3, 41.32)] } as Delivery;
    const route = deliveryRoute(delivery, 'Depot');
    expect(route.start).toEqual({ lat: 41.3, lng: 69.24, title: 'Depot' });
    expect(route.stops.map((s) => [s.id, s.number, s.done])).toEqual([
      [1, 1, true],
      [3, 3, false],
    ]);
    expect(deliveryRoute({ ...delivery, warehouseLat: null, warehouseLng: null }, 'Depot').start).toBeNull();
  });

  it("gives the warehouse's next step and formats the distance", () => {
    expect(['planned', 'in_assembly', 'ready', 'on_the_way', 'completed'].map((s) => nextWarehouseStep(s as Delivery['status']))).toEqual([
      'assemble',
      'ready',
      'handOver',
      null,
      null,
    ]);
    expect(formatKm(15_849)).toBe('15,8'); // the Russian decimal comma (the language by default)
    expect(withId(new URLSearchParams('date=2026-11-24&id=3'), 9)).toBe('?date=2026-11-24&id=9');
  });
});
