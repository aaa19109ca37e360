import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { QuoteOrderBody } from '@pharma/contracts';
import { OrderLinesEditor } from './order-lines-editor';
import { useOrderQuote } from '../api/orders-api';
import { linesToBody, type DraftLine } from '../order-lines';
import { formatMoney } from '../../../lib/format';
import { renderWithApp, stubNetwork, type RecordedRequest } from '../../../test/render';
import { orderQuote, quotedPosition, stockRow } from '../../../test/fixtures';

const salePrice = 1_200_00;
const paracetamol = stockRow({ productId: 101, productName: 'Paracetamol 500 mg', free: 50 });
const ibuprofen = stockRow({ productId: 102, productName: 'Ibuprofen 200 mg', producerName: 'Remedy', free: 8 });

/** As the order pages use it: the lines in state, priced by POST /orders/quote as they change. */
function Harness({ initial = [] }: { initial?: DraftLine[] }) {
  const [lines, setLines] = useState<DraftLine[]>(initial);
  const positions = linesToBody(lines);
  const quote = useOrderQuote(positions.length ? { organizationId: 7, positions } : null);
  return <OrderLinesEditor lines={lines} onChange={setLines} quote={quote.data} quoteError={quote.error} quoting={quote.isFetching} />;
}

/** The server prices every unit at 1 200.00 from one batch per product. */
function quoteOf(request: RecordedRequest) {
  const body = request.body as QuoteOrderBody;
  return orderQuote({
    positions: body.positions.map((p, i) => quotedPosition({ productId: p.productId, batchId: 500 + i, quantity: p.quantity, salePrice })),
  });
}

function renderEditor(initial?: DraftLine[]) {
  const network = stubNetwork();
  network.answer('GET', '/api/stock/by-product', { items: [paracetamol, ibuprofen], total: 2, page: 1, size: 25 });
  network.answer('POST', '/api/orders/quote', quoteOf);
  return renderWithApp(<Harness initial={initial} />, { role: 'rep', network });
}

const totals = () => within(screen.getByTestId('order-totals'));

describe('OrderLinesEditor', { timeout: 60_000 }, () => {
  it('adds a drug from stock and shows its quoted total', async () => {
    const { user, network } = renderEditor();
    expect(screen.getByText('No drugs yet: add them from stock')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Add drugs/ }));
    await user.click(await screen.findByRole('button', { name: 'Add Ibuprofen 200 mg' }));
    await user.click(screen.getByRole('button', { name: 'Done' }));

    expect(within(screen.getByTestId('order-lines')).getByText('Ibuprofen 200 mg')).toBeInTheDocument();
    expect(await totals().findByText(formatMoney(salePrice))).toBeInTheDocument();
    expect(network.calls('POST', '/api/orders/quote').map((r) => r.body)).toEqual([{ organizationId: 7, positions: [{ productId: 102, quantity: 1 }] }]);
  });

  it('sends a new quote when a quantity changes and shows its total', async () => {
    const { user, network } = renderEditor([{ productId: 101, productName: 'Paracetamol 500 mg', quantity: 2, free: 50 }]);
    expect(await totals().findByText(formatMoney(2 * salePrice))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'More: Quantity of Paracetamol 500 mg' }));
    expect(await totals().findByText(formatMoney(3 * salePrice))).toBeInTheDocument();
    expect(network.calls('POST', '/api/orders/quote').at(-1)?.body).toEqual({ organizationId: 7, positions: [{ productId: 101, quantity: 3 }] });
  });

  it('removes a line once confirmed and prices the rest', async () => {
    const { user, network } = renderEditor([
      { productId: 101, productName: 'Paracetamol 500 mg', quantity: 2, free: 50 },
      { productId: 102, productName: 'Ibuprofen 200 mg', quantity: 1, free: 8 },
    ]);
    expect(await totals().findByText(formatMoney(3 * salePrice))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove Paracetamol 500 mg' }));
    await user.click(await screen.findByRole('button', { name: 'OK' }));

    await waitFor(() => expect(screen.queryByText('Paracetamol 500 mg')).not.toBeInTheDocument());
    expect(await totals().findByText(formatMoney(salePrice))).toBeInTheDocument();
    expect(network.calls('POST', '/api/orders/quote').at(-1)?.body).toEqual({ organizationId: 7, positions: [{ productId: 102, quantity: 1 }] });
  });
});
