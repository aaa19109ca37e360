import type { OutboxItem } from '../../lib/outbox';

/** What happened meanwhile to a write the server refused, as the sync log explains it (issue 16). */
export type AttentionCase = 'visitChanged' | 'organizationBlocked' | 'deliveryReassigned' | 'stockShort';

const visitRefusals = new Set(['VISIT_STATUS_REFUSED', 'VISIT_NOT_EDITABLE', 'VISIT_NOT_IN_PROGRESS']);
const stopRefusals = new Set(['NOT_FOUND', 'FORBIDDEN', 'DELIVERY_STATUS_REFUSED']);

/**
 * The case of a refused write: a visit cancelled (or changed) meanwhile — by a chief — refuses its
 * writes; an organization blocked meanwhile refuses orders and visits; a delivery given to another
 * courier is no longer found in this courier's scope (or is no longer on the way); stock gone meanwhile.
 */
export function attentionCase(item: Pick<OutboxItem, 'subject' | 'error'>): AttentionCase | null {
  const code = item.error?.code;
  if (!code) return null;
  if (code === 'ORGANIZATION_BLOCKED') return 'organizationBlocked';
  if (code === 'INSUFFICIENT_STOCK') return 'stockShort';
  if (/^visit:\d+$/.test(item.subject) && visitRefusals.has(code)) return 'visitChanged';
  if (item.subject.startsWith('delivery:') && stopRefusals.has(code)) return 'deliveryReassigned';
  return null;
}

/** The server's id of the visit a write is about (`visit:41` → 41); null for another subject or a visit not sent yet. */
export function visitIdOf(subject: string): number | null {
  const match = /^visit:(\d+)$/.exec(subject);
  return match ? Number(match[1]) : null;
}

/** The lines of a refused order (`positions` of its body), which the rep may send again with other quantities. */
export function positionsOf(item: Pick<OutboxItem, 'body'>): { productId: number; quantity: number }[] | null {
  const positions = (item.body as { positions?: unknown } | undefined)?.positions;
  return Array.isArray(positions) && positions.every((p) => typeof (p as { quantity?: unknown }).quantity === 'number')
    ? (positions as { productId: number; quantity: number }[])
    : null;
}

/** The body to send again with the quantities the rep changed (by line), or undefined when none changed. */
export function withQuantities(item: Pick<OutboxItem, 'body'>, changed: Readonly<Record<number, number | null>> | undefined): unknown {
  const positions = positionsOf(item);
  if (!positions || !changed || !positions.some((p, i) => !!changed[i] && changed[i] !== p.quantity)) return undefined;
  return { ...(item.body as object), positions: positions.map((p, i) => ({ ...p, quantity: changed[i] || p.quantity })) };
}
