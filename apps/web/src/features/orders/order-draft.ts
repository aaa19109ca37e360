import type { DraftLine } from './order-lines';

/**
 * The order being created, kept in sessionStorage so a reload or a lost answer loses nothing, with
 * the Idempotency-Key of this draft: every retry of its creation sends the same key.
 */
export interface OrderDraft {
  key: string;
  organizationId: number | null;
  visitId: number | null;
  lines: DraftLine[];
  terms: Record<string, unknown>;
  step: number;
}

const storageKey = 'order-draft';
const newKey = () => (typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

export const emptyDraft = (init: Partial<OrderDraft> = {}): OrderDraft => ({
  key: newKey(),
  organizationId: null,
  visitId: null,
  lines: [],
  terms: {},
  step: 0,
  ...init,
});

/** The stored draft when it is for the same start (the same visit or organization asked by the link), else a new one. */
export function loadDraft(start: { visitId: number | null; organizationId: number | null }): OrderDraft {
  try {
    const stored = JSON.parse(sessionStorage.getItem(storageKey) ?? 'null') as OrderDraft | null;
    const sameStart =
      stored && (start.visitId ? stored.visitId === start.visitId : start.organizationId ? stored.organizationId === start.organizationId : true);
    if (stored && typeof stored.key === 'string' && sameStart) return stored;
  } catch {
    /* a broken draft is dropped */
  }
  return emptyDraft({ visitId: start.visitId, organizationId: start.organizationId });
}

/** Storage may be blocked (private mode): the draft then lives only as long as the page. */
export function saveDraft(draft: OrderDraft) {
  try {
    sessionStorage.setItem(storageKey, JSON.stringify(draft));
  } catch {
    /* storage unavailable */
  }
}
export function clearDraft() {
  try {
    sessionStorage.removeItem(storageKey);
  } catch {
    /* storage unavailable */
  }
}
