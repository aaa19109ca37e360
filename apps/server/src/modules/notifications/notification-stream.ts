import type { FastifyReply } from 'fastify';
import { notificationCatchUpLimit, notificationHeartbeatSeconds, type Notification, type NotificationSignal } from '@pharma/contracts';
import type { Database, Db } from '../../db/client.js';
import { lastNotificationId, notificationChannel, notificationsAfter } from './notifications.service.js';

/** One open stream of one user: what it has been sent, and what waits while it catches up. */
interface Stream {
  userId: number;
  lastId: number;
  /** live notifications that came while the missed ones were being read (sent after them, in order) */
  held: Notification[] | null;
  write(text: string): void;
  end(): void;
}

const event = (n: Notification) => `id: ${n.id}\nevent: notification\ndata: ${JSON.stringify(n)}\n\n`;

function send(stream: Stream, n: Notification) {
  if (n.id <= stream.lastId) return; // the client deduplicates too; this keeps the wire clean
  stream.lastId = n.id;
  stream.write(event(n));
}

/**
 * The notification streams open on this instance (issue 17, decision 044). Every instance LISTENs on
 * the database's channel; a NOTIFY (sent by PostgreSQL when the change's transaction commits) reaches
 * every instance, and each writes it to its own streams of that user.
 */
export interface NotificationHub {
  /** `lastEventId`: the Last-Event-ID of a reconnecting EventSource (what it has), else the stream starts from now */
  open(reply: FastifyReply, userId: number, lastEventId: string | undefined): Promise<void>;
  /** streams open on this instance (bench: memory per idle connection) */
  size(): number;
  close(): Promise<void>;
}

export async function startNotificationHub(database: Database, db: Db): Promise<NotificationHub> {
  const streams = new Map<number, Set<Stream>>();
  const deliver = (payload: string) => {
    let parsed: (Notification & { userId: number; telegram?: boolean }) | (NotificationSignal & { userId: number });
    try {
      parsed = JSON.parse(payload);
    } catch {
      return;
    }
    if ('signal' in parsed) {
      // no id, no catching up: a signal is for the screens open now
      const { userId, ...s } = parsed;
      for (const stream of streams.get(userId) ?? []) stream.write(`event: signal\ndata: ${JSON.stringify(s)}\n\n`);
      return;
    }
    const { userId, telegram: _telegram, ...n } = parsed;
    for (const stream of streams.get(userId) ?? []) {
      if (stream.held) stream.held.push(n);
      else send(stream, n);
    }
  };
  /** After a lost listener: each open stream reads what it missed from the table. */
  const catchUpAll = () => {
    for (const set of streams.values()) for (const stream of set) void catchUp(stream);
  };
  const catchUp = async (stream: Stream) => {
    stream.held ??= [];
    try {
      for (const n of await notificationsAfter(db, stream.userId, stream.lastId, notificationCatchUpLimit)) send(stream, n);
    } finally {
      const held = stream.held ?? [];
      stream.held = null;
      for (const n of held) send(stream, n);
    }
  };
  const unlisten = await database.listen(notificationChannel, deliver, catchUpAll);

  return {
    size: () => [...streams.values()].reduce((sum, set) => sum + set.size, 0),
    async open(reply, userId, lastEventHeader) {
      const lastEventId = lastEventHeader === undefined ? null : Number(lastEventHeader);
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // nginx and similar proxies would hold the events back in a buffer
        'x-accel-buffering': 'no',
      });
      const stream: Stream = { userId, lastId: 0, held: [], write: (text) => raw.write(text), end: () => raw.end() };
      let set = streams.get(userId);
      if (!set) streams.set(userId, (set = new Set()));
      set.add(stream);
      const heartbeat = setInterval(() => raw.write(': ping\n\n'), notificationHeartbeatSeconds * 1000);
      heartbeat.unref();
      raw.on('close', () => {
        clearInterval(heartbeat);
        set.delete(stream);
        if (!set.size && streams.get(userId) === set) streams.delete(userId);
      });
      raw.write(`retry: 3000\n\n`);
      // a reconnecting client gets what it missed; a new one starts from now (its list comes by GET)
      stream.lastId = lastEventId ?? (await lastNotificationId(db, userId));
      await catchUp(stream);
    },
    async close() {
      // open streams would keep the server from closing; their clients reconnect to another instance
      for (const set of streams.values()) for (const stream of set) stream.end();
      await unlisten();
    },
  };
}
