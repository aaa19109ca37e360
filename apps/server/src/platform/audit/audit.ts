import type { Tx } from '../../db/client.js';
import type { Actor } from '../auth.js';
import { auditLog } from './audit.table.js';

const neverLogged = new Set(['passwordHash', 'updatedAt', 'createdAt']);

/** What changed between two versions of a record, secrets left out. */
export function diff(before: object | null | undefined, after: object | null | undefined) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) {
    if (neverLogged.has(key)) continue;
    const from = b[key] ?? null;
    const to = a[key] ?? null;
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[key] = { from, to };
  }
  return changes;
}

type AuditEntry = { entity: string; entityId: string | number; action: string; before?: object | null; after?: object | null };

const auditRow = (actor: Pick<Actor, 'id'> | null, entry: AuditEntry) => ({
  actorId: actor?.id ?? null,
  entity: entry.entity,
  entityId: String(entry.entityId),
  action: entry.action,
  changes: diff(entry.before, entry.after),
});

/** Records who changed which entity and how; call inside the same transaction as the change. */
export async function recordAudit(db: Tx, actor: Pick<Actor, 'id'> | null, entry: AuditEntry) {
  await db.insert(auditLog).values(auditRow(actor, entry));
}

/** recordAudit for many entries of one change (an import), in one statement. */
export async function recordAudits(db: Tx, actor: Pick<Actor, 'id'> | null, entries: readonly AuditEntry[]) {
  if (entries.length) await db.insert(auditLog).values(entries.map((entry) => auditRow(actor, entry)));
}
