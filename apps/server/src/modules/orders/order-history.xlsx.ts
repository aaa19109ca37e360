import { eq } from 'drizzle-orm';
import { businessDate, type Language, type OrderHistoryEntry } from '@pharma/contracts';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { translate } from '../../platform/i18n.js';
import { sendListExport, type SheetColumn } from '../../platform/xlsx.js';
import { organizations } from '../organizations/organizations.table.js';
import { users } from '../users/users.table.js';
import { countOrderHistory, orderHistoryRows, type OrderHistoryFilters } from './order-history.service.js';

const col = (lng: Language, key: string, value: SheetColumn<OrderHistoryEntry>['value'], width?: number): SheetColumn<OrderHistoryEntry> => ({
  title: translate(lng, `orderHistory:columns.${key}`),
  kind: 'text',
  value,
  width,
});

/** An instant as Tashkent wall time, "2026-11-22 14:30". */
const tashkentTime = (iso: string) => new Date(Date.parse(iso) + 5 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');

/** The filters as lines above the table: every filter, "all" for one not set, so the sheet tells what it holds. */
async function filterLines(db: Db, query: OrderHistoryFilters, lng: Language): Promise<[string, string][]> {
  const any = translate(lng, 'orderHistory:filters.any');
  const label = (key: string) => translate(lng, `orderHistory:filters.${key}`);
  const [by] = query.byId ? await db.select({ name: users.fullName }).from(users).where(eq(users.id, query.byId)) : [];
  const [organization] = query.organizationId
    ? await db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, query.organizationId))
    : [];
  return [
    [label('period'), query.from || query.to ? `${query.from ?? '…'} — ${query.to ?? '…'}` : any],
    [label('toStatus'), query.toStatus ? translate(lng, `enums:orderStatus.${query.toStatus}`) : any],
    [label('by'), by?.name ?? any],
    [label('organization'), organization?.name ?? any],
    [label('number'), query.number ?? any],
    [label('exportedAt'), tashkentTime(new Date().toISOString())],
  ];
}

/** GET /api/orders/history.xlsx: the changes of the list's filters, every page, newest first; the filters above the table. */
export async function exportOrderHistory(
  reply: FastifyReply,
  db: Db,
  actor: Actor,
  query: OrderHistoryFilters & { page?: number; size?: number },
  lng: Language,
) {
  const { page: _page, size: _size, ...filters } = query;
  const status = (s: OrderHistoryEntry['toStatus'] | null) => (s ? translate(lng, `enums:orderStatus.${s}`) : '—');
  const columns: SheetColumn<OrderHistoryEntry>[] = [
    col(lng, 'at', (r) => tashkentTime(r.at), 18),
    col(lng, 'orderNumber', (r) => r.orderNumber, 12),
    col(lng, 'organization', (r) => r.organizationName, 36),
    col(lng, 'from', (r) => status(r.fromStatus), 22),
    col(lng, 'to', (r) => status(r.toStatus), 22),
    col(lng, 'by', (r) => r.byName, 28),
    col(lng, 'reason', (r) => r.reason ?? '', 40),
  ];
  return sendListExport(reply, {
    fileName: `order-history-${businessDate()}.xlsx`,
    sheetName: translate(lng, 'orderHistory:sheet'),
    columns,
    basePrices: false,
    preface: await filterLines(db, filters, lng),
    rows: {
      count: () => countOrderHistory(db, actor, filters),
      page: (offset, limit) => orderHistoryRows(db, actor, filters, offset, limit),
    },
  });
}
