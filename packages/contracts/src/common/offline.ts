import { z } from 'zod';

/**
 * A write sent with this header is made once (decision 040): the same key from the same user answers the
 * first answer again. Every write a phone queues carries one, made when the action was.
 */
export const idempotencyHeader = 'idempotency-key';
export const idempotencyKey = z.string().trim().min(8).max(128);

/**
 * The device's clock when the action was made (a write queued offline) and when it was sent: the server
 * reads the action's time as its own clock now less the time the write waited on the device, so a wrong
 * device clock does not move it, and keeps the time it received the write beside it (issue 16).
 */
export const actedAtHeader = 'x-acted-at';
export const sentAtHeader = 'x-sent-at';

/** A queued action older than this is refused (ACTION_TOO_OLD): the day it belongs to is long closed. */
export const offlineActionMaxHours = 168;
