import { createHash } from 'node:crypto';

/** JSON with every object's keys sorted: two bodies that differ only in key order read the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v === undefined ? null : v)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The SHA-256 of a request body's canonical JSON (hex): what an Idempotency-Key is bound to. */
export const requestHash = (body: unknown) => createHash('sha256').update(canonicalJson(body)).digest('hex');
