import type { FastifyPluginAsync } from 'fastify';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { endpoints } from '@pharma/contracts';
import { serve } from '../../platform/endpoints.js';
import { users } from '../users/users.table.js';
import { offsetOf } from '../../platform/paging.js';
import { auditLog } from '../../platform/audit/audit.table.js';

export const auditRoutes: FastifyPluginAsync = async (app) => {
  serve(app, endpoints.audit.list, async (req) => {
    const q = req.query;
    const where = and(q.entity ? eq(auditLog.entity, q.entity) : undefined, q.entityId ? eq(auditLog.entityId, q.entityId) : undefined);
    const [items, [total]] = await Promise.all([
      app.db
        .select({
          id: auditLog.id,
          at: sql<string>`to_char(${auditLog.at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
          actorId: auditLog.actorId,
          actorName: users.fullName,
          entity: auditLog.entity,
          entityId: auditLog.entityId,
          action: auditLog.action,
          changes: auditLog.changes,
        })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorId))
        .where(where)
        .orderBy(desc(auditLog.id))
        .limit(q.size)
        .offset(offsetOf(q)),
      app.db.select({ n: count() }).from(auditLog).where(where),
    ]);
    return { items, total: total?.n ?? 0, page: q.page, size: q.size };
  });
};
