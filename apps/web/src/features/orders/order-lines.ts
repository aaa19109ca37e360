import type { OrderLineBody, OrderQuote } from '@pharma/contracts';

/** A line being edited: one product, a quantity still being typed (null), an optional own markup. */
export interface DraftLine {
  productId: number;
  productName: string;
  /** tells products of the same name apart (issue 13) */
  producerName?: string;
  quantity: number | null;
  markupPercent?: number | null;
  /** the free balance known when the line was picked (the counter's maximum), if known */
  free?: number;
}

/** The lines the server can price: every counted line, in the screen's order. */
export const linesToBody = (lines: readonly DraftLine[]): OrderLineBody[] =>
  lines
    .filter((l) => l.quantity !== null && l.quantity > 0)
    .map((l) => ({
      productId: l.productId,
      quantity: l.quantity!,
      ...(l.markupPercent === null || l.markupPercent === undefined ? {} : { markupPercent: l.markupPercent }),
    }));

/** A product is added once: adding it again raises nothing and keeps the list as it is. */
export function addLine(lines: readonly DraftLine[], line: DraftLine): DraftLine[] {
  return lines.some((l) => l.productId === line.productId) ? [...lines] : [...lines, line];
}

/** The quote's batches and sums of one product (a product may come from several batches). */
export function quotedOf(quote: OrderQuote | undefined, productId: number) {
  const positions = quote?.positions.filter((p) => p.productId === productId) ?? [];
  return {
    positions,
    sumSale: positions.reduce((s, p) => s + p.sumSale, 0),
    sumBaseWithVat: positions.reduce((s, p) => s + p.sumBaseWithVat, 0),
  };
}

/** The server names a line by its index in the body (`positions.2.quantity`): map it back to the product. */
export function lineErrors(fields: Record<string, string> | undefined, body: readonly OrderLineBody[]): Map<number, string> {
  const errors = new Map<number, string>();
  for (const [field, text] of Object.entries(fields ?? {})) {
    const match = /^positions\.(\d+)\./.exec(field);
    const line = match ? body[Number(match[1])] : undefined;
    if (line) errors.set(line.productId, text);
  }
  return errors;
}
