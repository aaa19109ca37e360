import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { Visit } from '@pharma/contracts';
import { VisitPage } from './visit-page';
import { renderWithApp, stubNetwork } from '../../../../test/render';
import { orderSummary, organization, visit, visitOrder } from '../../../../test/fixtures';

const shop = organization();

/** The visit screen of the fixture's pharmacy following visit 50 (?visit=), with the server's answers for it. */
function renderVisit(shown: Visit, order = visitOrder()) {
  const network = stubNetwork();
  network.answer('GET', `/api/organizations/${shop.id}`, shop);
  network.answer('GET', `/api/visits/${shown.id}`, shown);
  network.answer('GET', `/api/visits/${shown.id}/order`, order);
  network.answer('GET', '/api/doctors', { items: [], total: 0, page: 1, size: 100 });
  network.answer('GET', '/api/orders', { items: [orderSummary()], total: 1, page: 1, size: 25 });
  return renderWithApp(
    <Routes>
      <Route path="/point-visit/:id/:type_id" element={<VisitPage />} />
    </Routes>,
    { network, route: `/point-visit/${shop.id}/pharmacy?visit=${shown.id}`, role: 'rep', grants: ['visits.view', 'orders.view'] },
  );
}

/** The content of the section shown under the tabs. */
const section = () => document.querySelector<HTMLElement>('.visit-section')!;

const inProgress = visit({
  doctors: [{ doctorId: 3, fullName: 'Dilfuza Aliyeva' }],
  drugResults: [
    { doctorId: 3, productId: 201, productName: 'Cardiomagnyl', producerName: 'Takeda', attitude: 'familiarPrescribes', medicationStatus: 'acquainted' },
  ],
  remainders: [{ productId: 202, productName: 'Aspirin Cardio', producerName: 'Bayer', quantity: 5 }],
});

// the whole visit screen renders slowly in jsdom on a shared machine
describe('VisitPage', { timeout: 60_000 }, () => {
  it('shows a visit in progress with its sections, each tab its own content', async () => {
    const { user } = renderVisit(
      inProgress,
      visitOrder({ preOrders: [{ productId: 203, productName: 'Ibuprofen 200 mg', producerName: 'Nika Pharm', quantity: 2 }] }),
    );
    expect(await screen.findByTestId('visit-status')).toHaveTextContent('In progress');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Shifo Pharm');
    const tabs = screen.getByRole('radiogroup', { name: 'Visit sections' });
    expect(within(tabs).getAllByRole('radio')).toHaveLength(4);
    // a tab is the label around its radio (antd leaves the radio itself to the label's clicks)
    const tab = (name: RegExp) => within(tabs).getByRole('radio', { name }).closest('label')!;

    // doctors first: the doctor met, no drug
    expect(within(section()).getByText('Doctors met: 1')).toBeInTheDocument();
    expect(within(section()).getByText('Dilfuza Aliyeva')).toBeInTheDocument();
    expect(within(section()).queryByText('Cardiomagnyl')).not.toBeInTheDocument();

    await user.click(tab(/Drugs/));
    await waitFor(() => expect(within(section()).getByText('Cardiomagnyl')).toBeInTheDocument());
    expect(within(section()).queryByText('Doctors met: 1')).not.toBeInTheDocument();

    await user.click(tab(/Remainders/));
    await waitFor(() => expect(within(section()).getByText('Aspirin Cardio')).toBeInTheDocument());
    expect(within(section()).queryByText('Cardiomagnyl')).not.toBeInTheDocument();

    await user.click(tab(/Order/));
    await waitFor(() => expect(within(section()).getByText('Pre-orders: 1')).toBeInTheDocument());
    expect(within(section()).getByText('Ibuprofen 200 mg')).toBeInTheDocument();
    expect(within(section()).queryByText('Aspirin Cardio')).not.toBeInTheDocument();

    await user.click(tab(/Doctors/));
    await waitFor(() => expect(within(section()).getByText('Dilfuza Aliyeva')).toBeInTheDocument());
  });

  it('shows a completed visit’s result with the number of the order taken on it', async () => {
    const completed = visit({
      status: 'completed',
      completedAt: '2026-11-26T10:40:00.000Z',
      proofScore: 92,
      endPosition: { lat: 41.311, lng: 69.279, accuracy: 8 },
      distanceM: 12,
    });
    const { network } = renderVisit(completed);
    expect(await screen.findByTestId('visit-status')).toHaveTextContent('Completed');
    expect(screen.queryByRole('radiogroup', { name: 'Visit sections' })).not.toBeInTheDocument();
    const summary = await screen.findByTestId('visit-order-summary');
    expect(await within(summary).findByRole('link', { name: 'Order No. ORD-0021' })).toBeInTheDocument();
    // an order exists: no second one offered
    expect(within(summary).queryByText('Create order')).not.toBeInTheDocument();
    expect(network.calls('GET', '/api/orders').map((r) => r.query.get('visitId'))).toContain(String(completed.id));
  });
});
