import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { OrganizationSuggestedOrder } from '@pharma/contracts';
import { formatMoney } from '../../../lib/format';
import { renderWithApp, stubNetwork } from '../../../test/render';
import { organization } from '../../../test/fixtures';
import { TestOrderPage } from './test-order-page';

const line = (over: Partial<OrganizationSuggestedOrder['lines'][number]>): OrganizationSuggestedOrder['lines'][number] => ({
  productId: 1,
  productName: 'Nurofen 200 mg',
  producerName: 'Reckitt',
  previousRemainder: 30,
  delivered: 20,
  currentRemainder: 12,
  sellOut: 38,
  suggestedQuantity: 26,
  freeStock: 80,
  sellOutPerDay: 38 / 14,
  price: 134_400,
  sum: 3_494_400,
  ...over,
});
const draft: OrganizationSuggestedOrder = {
  organizationId: 3,
  organizationName: 'Apteka Schet',
  clientType: 'retail',
  previousCount: { visitId: 10, countedAt: '2026-11-01T08:00:00Z', representativeName: 'Rep One' },
  lastCount: { visitId: 11, countedAt: '2026-11-15T08:00:00Z', representativeName: 'Rep One' },
  days: 14,
  lines: [
    line({}),
    line({
      productId: 2,
      productName: 'Ximelin spray',
      previousRemainder: 0,
      delivered: 12,
      currentRemainder: 5,
      sellOut: 7,
      suggestedQuantity: 2,
      sellOutPerDay: 0.5,
      price: null,
      sum: 0,
    }),
  ],
  total: 3_494_400,
};

function renderPage(route: string) {
  const network = stubNetwork();
  network.answer('GET', /^\/api\//, []);
  network.answer('GET', '/api/visits/suggested-order', draft);
  network.answer('GET', '/api/organizations/3', organization({ id: 3, name: 'Apteka Schet' }));
  return { ...renderWithApp(<TestOrderPage />, { role: 'operator', grants: ['orders.view', 'organizations.view'], route, network }), network };
}

describe('TestOrderPage', { timeout: 60_000 }, () => {
  it('asks for an organization first, with the rule written out', async () => {
    renderPage('/testOrder');
    expect(await screen.findByText('Pick an organization to see its suggested order')).toBeInTheDocument();
    expect(screen.getByText('How the suggested quantity is calculated')).toBeInTheDocument();
  });

  it("shows the organization's draft: both counts with their dates, the suggestion, its sum and the total", async () => {
    const { network } = renderPage('/testOrder?organizationId=3');
    const table = await screen.findByRole('table', { name: 'Suggested order' });
    expect(network.calls('GET', '/api/visits/suggested-order')[0]!.query.get('organizationId')).toBe('3');
    // the two counts with their dates and who counted (jsdom draws only the columns of the narrowest screen)
    expect(screen.getByText('2026-11-01 · Rep One')).toBeInTheDocument();
    expect(screen.getByText('2026-11-15 · Rep One')).toBeInTheDocument();
    const nurofen = within(table).getByText('Nurofen 200 mg').closest('tr')!;
    expect(nurofen).toHaveTextContent('26');
    expect(nurofen).toHaveTextContent(formatMoney(3_494_400));
    expect(within(table).getByText('Ximelin spray').closest('tr')).toHaveTextContent(/2\s*0$/);
    expect(within(table).getByText('Total of the draft').closest('tr')).toHaveTextContent(formatMoney(3_494_400));
    expect(screen.getByText('This draft order is not saved and reserves nothing.')).toBeInTheDocument();
  });
});
