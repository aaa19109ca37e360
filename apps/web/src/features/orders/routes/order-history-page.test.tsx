import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { OrderHistoryEntry } from '@pharma/contracts';
import { renderWithApp, stubNetwork } from '../../../test/render';
import { OrderHistoryPage } from './order-history-page';

const entry = (over: Partial<OrderHistoryEntry> = {}): OrderHistoryEntry => ({
  id: 7,
  at: '2026-11-20T09:30:00Z',
  orderId: 42,
  orderNumber: '000042',
  organizationId: 3,
  organizationName: 'Apteka Shifo',
  fromStatus: 'in_processing',
  toStatus: 'cancelled',
  byId: 5,
  byName: 'Operator One',
  reason: 'Client changed their mind',
  ...over,
});

function renderPage(route: string, answer: unknown, status = 200) {
  const network = stubNetwork();
  network.answer('GET', /^\/api\//, []);
  network.answer('GET', '/api/orders/history', answer, status);
  return renderWithApp(<OrderHistoryPage />, { role: 'operator', grants: ['orders.view'], route, network });
}

describe('OrderHistoryPage', { timeout: 60_000 }, () => {
  it('asks with the filters of the address and shows each change linked to its order', async () => {
    const { network } = renderPage('/order-history?toStatus=cancelled&number=42', {
      items: [entry(), entry({ id: 6, fromStatus: null, toStatus: 'new', reason: null, byName: 'Rep One' })],
      total: 2,
      page: 1,
      size: 25,
    });
    const table = await screen.findByRole('table', { name: 'Order history' });
    const links = await within(table).findAllByRole('link', { name: '№ 000042' });
    expect(links[0]).toHaveAttribute('href', '/orders-item?id=42');
    expect(within(table).getByText('Client changed their mind')).toBeInTheDocument();
    expect(within(table).getByText('Created')).toBeInTheDocument();
    const asked = network.calls('GET', '/api/orders/history')[0]!.query;
    expect(asked.get('toStatus')).toBe('cancelled');
    expect(asked.get('number')).toBe('42');
  });

  it('says so when nothing matches', async () => {
    renderPage('/order-history', { items: [], total: 0, page: 1, size: 25 });
    expect(await screen.findByText('No status changes for these filters')).toBeInTheDocument();
  });

  it('shows the error with a retry when the feed fails', async () => {
    renderPage('/order-history', { code: 'INTERNAL', message: 'Internal error', requestId: 'r1' }, 500);
    expect(await screen.findByText('Could not load the order history')).toBeInTheDocument();
  });
});
