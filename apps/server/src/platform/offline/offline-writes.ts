import { startSweep } from '../sweep.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, lt, sql } from 'drizzle-orm';
import { actedAtHeader, idempotencyHeader, idempotencyKey, offlineActionMaxHours, sentAtHeader } from '@pharma/contracts';
import type { Db } from '../../db/client.js';
import { AppError, fieldError } from '../errors.js';
import { requestHash } from '../request-hash.js';
import { requestKeys } from './request-keys.table.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** a write whose Idempotency-Key the platform answers (every write but those that keep their own keys) */
    replayable?: boolean;
  }
  interface FastifyRequest {
    /** the key of this write, once the platform has taken it (its answer is kept on send) */
    requestKey: string | null;
  }
}

/** A key whose write never answered (the process died under it) is taken over after this long. */
const abandonedAfterMs = 60_000;
/** How long answers are kept: longer than any phone stays offline with its queue (offlineActionMaxHours). */
const keptForMs = (offlineActionMaxHours + 24) * 3_600_000;

/**
 * Writes sent again are answered once (decision 040). A write with an Idempotency-Key inserts the key
 * before it runs; the same key with the same request answers the kept answer (with
 * `idempotent-replay: true`), with another request IDEMPOTENCY_KEY_REUSED, and while the first still
 * runs REQUEST_IN_PROGRESS (the queue sends it again later). An answer of the server's own failure
 * (5xx) is not kept: the write may be tried again.
 */
export function registerOfflineWrites(app: FastifyInstance, db: Db) {
  app.decorateRequest('requestKey', null);
  if (app.config.NODE_ENV !== 'test') startSweep(app, 'sweeping request keys', 3600, async () => void (await sweepRequestKeys(db)));

  app.addHook('preHandler', async (request, reply) => {
    const raw = request.headers[idempotencyHeader];
    if (!request.routeOptions.config.replayable || raw === undefined || !request.actor) return;
    const parsed = idempotencyKey.safeParse(Array.isArray(raw) ? raw[0] : raw);
    if (!parsed.success) throw fieldError('VALIDATION_FAILED', idempotencyHeader, 'invalid');
    const key = parsed.data;
    const hash = requestHash({ route: `${request.method} ${request.routeOptions.url}`, params: request.params, body: request.body ?? null });
    const userId = request.actor.id;

    const taken = await db.insert(requestKeys).values({ userId, key, requestHash: hash }).onConflictDoNothing().returning({ key: requestKeys.key });
    if (taken.length) {
      request.requestKey = key;
      return;
    }
    const [kept] = await db
      .select()
      .from(requestKeys)
      .where(and(eq(requestKeys.userId, userId), eq(requestKeys.key, key)));
    if (!kept) throw new AppError('REQUEST_IN_PROGRESS'); // dropped a moment ago (a 5xx): the next try runs it
    if (kept.requestHash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    if (kept.statusCode !== null) {
      return reply
        .code(kept.statusCode)
        .header('idempotent-replay', 'true')
        .type(kept.contentType ?? 'application/json; charset=utf-8')
        .serializer((payload) => payload as string)
        .send(kept.answer ?? '');
    }
    // still running, or its process died under it: take it over once it has been silent long enough
    const takenOver = await db
      .update(requestKeys)
      .set({ createdAt: new Date() })
      .where(
        and(
          eq(requestKeys.userId, userId),
          eq(requestKeys.key, key),
          sql`${requestKeys.statusCode} is null`,
          lt(requestKeys.createdAt, new Date(Date.now() - abandonedAfterMs)),
        ),
      )
      .returning({ key: requestKeys.key });
    if (!takenOver.length) throw new AppError('REQUEST_IN_PROGRESS');
    request.requestKey = key;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const key = request.requestKey;
    if (!key || reply.getHeader('idempotent-replay')) return payload;
    request.requestKey = null;
    const where = and(eq(requestKeys.userId, request.actor.id), eq(requestKeys.key, key));
    if (reply.statusCode >= 500 || (payload !== null && payload !== undefined && typeof payload !== 'string')) {
      // the server's own failure (or an answer that is not text: a stream) is not an answer to keep
      await db.delete(requestKeys).where(where);
    } else {
      const contentType = reply.getHeader('content-type');
      await db
        .update(requestKeys)
        .set({ statusCode: reply.statusCode, answer: (payload as string | null) ?? '', contentType: typeof contentType === 'string' ? contentType : null })
        .where(where);
    }
    return payload;
  });
}

/** Drops the answers older than any queue can be: called by the app's sweep. */
export async function sweepRequestKeys(db: Db, now = new Date()): Promise<number> {
  const gone = await db
    .delete(requestKeys)
    .where(lt(requestKeys.createdAt, new Date(now.getTime() - keptForMs)))
    .returning({ key: requestKeys.key });
  return gone.length;
}

/** When an action was made and when the server got it (issue 16). */
export interface ActionTime {
  /** the action's moment on the server's clock: now, less the time the write waited on the device */
  at: Date;
  receivedAt: Date;
  /** the device's clock less the server's, when the device said what its clock read as it sent */
  clockOffsetMs: number | null;
}

function instantHeader(request: FastifyRequest, name: string): Date | null {
  const raw = request.headers[name];
  if (raw === undefined) return null;
  const value = new Date(Array.isArray(raw) ? (raw[0] ?? '') : raw);
  if (Number.isNaN(value.getTime())) throw fieldError('VALIDATION_FAILED', name, 'invalid');
  return value;
}

/**
 * The time of the action a request makes. A write queued on a device says when it was made and when it
 * was sent (both on the device's clock): the action happened that long before now on the server's
 * clock. Older than offlineActionMaxHours is refused (ACTION_TOO_OLD); a write sent at once is now.
 */
export function actionTimeOf(request: FastifyRequest, now = new Date()): ActionTime {
  const actedAt = instantHeader(request, actedAtHeader);
  const sentAt = instantHeader(request, sentAtHeader);
  if (!actedAt || !sentAt) return { at: now, receivedAt: now, clockOffsetMs: null };
  const waitedMs = Math.max(0, sentAt.getTime() - actedAt.getTime());
  if (waitedMs > offlineActionMaxHours * 3_600_000) throw new AppError('ACTION_TOO_OLD');
  return { at: new Date(now.getTime() - waitedMs), receivedAt: now, clockOffsetMs: sentAt.getTime() - now.getTime() };
}
