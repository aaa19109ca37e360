import { businessDate, type DeliveryFact, type Language } from '@pharma/contracts';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { translate } from '../../platform/i18n.js';
import { sendListExport, type SheetColumn } from '../../platform/xlsx.js';
import { listFacts } from './facts.service.js';

type FactsQuery = Parameters<typeof listFacts>[2];

const col = (
  lng: Language,
  key: string,
  kind: SheetColumn<DeliveryFact>['kind'],
  value: SheetColumn<DeliveryFact>['value'],
  width?: number,
): SheetColumn<DeliveryFact> => ({
  title: translate(lng, `logistics:columns.${key}`),
  kind,
  value,
  width,
});

/** GET /api/deliveries/facts.xlsx: the facts of the list's filters (every page); money in sum, distance in km. */
export function exportFacts(reply: FastifyReply, db: Db, actor: Actor, query: FactsQuery, lng: Language) {
  const all = { ...query, sort: undefined };
  const columns: SheetColumn<DeliveryFact>[] = [
    col(lng, 'deliveredAt', 'text', (f) => f.deliveredAt.replace('T', ' ').replace('Z', ' UTC'), 20),
    col(lng, 'deliveryNumber', 'text', (f) => f.deliveryNumber, 12),
    col(lng, 'orderNumber', 'text', (f) => f.orderNumber, 12),
    col(lng, 'organizationName', 'text', (f) => f.organizationName, 32),
    col(lng, 'address', 'text', (f) => f.address, 36),
    col(lng, 'status', 'text', (f) => translate(lng, `enums:stopStatus.${f.status}`), 16),
    col(lng, 'courier', 'text', (f) => f.courierName),
    col(lng, 'car', 'text', (f) => f.carPlate, 14),
    col(lng, 'recipient', 'text', (f) => f.recipientName),
    col(lng, 'boxes', 'int', (f) => f.boxes, 10),
    { title: translate(lng, 'logistics:columns.km'), kind: 'percent', value: (f) => f.distanceM / 1000, width: 10 },
    col(lng, 'cost', 'money', (f) => f.cost),
  ];
  return sendListExport(reply, {
    fileName: `delivery-facts-${businessDate()}.xlsx`,
    sheetName: translate(lng, 'logistics:sheets.facts'),
    columns,
    basePrices: false,
    rows: {
      count: async () => (await listFacts(db, actor, all, 1)).total,
      page: async (offset, limit) => (await listFacts(db, actor, all, limit, offset)).items,
    },
  });
}
