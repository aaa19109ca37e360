import { index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The answers given to writes sent with an Idempotency-Key (decision 040): a phone's queue that lost an
 * answer sends the same write again and gets the first answer back instead of a second write. The row
 * is inserted before the write runs (a concurrent duplicate finds it and waits its turn); the answer is
 * kept when the write has answered, and the row is dropped when it failed on the server's side.
 */
export const requestKeys = pgTable(
  'request_keys',
  {
    /** the signed-in user who sent it (a key is the sender's own; no foreign key: the platform knows no module's table) */
    userId: integer('user_id').notNull(),
    key: text('key').notNull(),
    /** the SHA-256 of the route, its params and its body: the key answers only the same request again */
    requestHash: text('request_hash').notNull(),
    /** null while the write runs */
    statusCode: smallint('status_code'),
    answer: text('answer'),
    contentType: text('content_type'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('request_keys_created_idx').on(t.createdAt)],
);
