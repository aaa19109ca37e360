import { sql } from 'drizzle-orm';
import { orderQueueStatuses, toOrderStatus, type OrderQueue } from '@pharma/contracts';
import { queryRows, type Db } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { inScope } from '../../platform/scope.js';

/** GET /api/desktop/order-queue: the open orders of the actor's scope per status, in the statuses' order (empty ones too). */
export async function orderQueue(db: Db, actor: Actor): Promise<OrderQueue> {
  const rows = await queryRows<{ status: string; n: number; sum: number; oldest: string | null }>(
    db,
    sql`select r.status, count(*) n, sum(r.sum_sale) sum, min(r.date)::text oldest from orders r
      where r.status in (${sql.join(
        orderQueueStatuses.map((s) => sql`${s}`),
        sql`, `,
      )}) and ${inScope(actor, sql`r.agent_id`) ?? sql`true`} group by r.status`,
  );
  const by = new Map(rows.map((r) => [r.status, r]));
  return orderQueueStatuses.map((status) => {
    const r = by.get(status);
    return { status: toOrderStatus(status), count: Number(r?.n ?? 0), sum: Number(r?.sum ?? 0), oldest: r?.oldest ?? null };
  });
}
