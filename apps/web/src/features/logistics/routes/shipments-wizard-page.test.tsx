import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { ShipmentsWizardPage } from './shipments-wizard-page';
import { formatMoney } from '../../../lib/format';
import { renderWithApp, stubNetwork } from '../../../test/render';
import { mapConfig, shippableOrder } from '../../../test/fixtures';

const first = shippableOrder({ id: 21, number: 'ORD-0021', sumSale: 12_000_00, weightG: 1_500 });
const second = shippableOrder({ id: 22, number: 'ORD-0022', organizationName: 'Dori Darmon', sumSale: 3_500_00, weightG: 2_200 });

function renderWizard(route = '/shipments-wizard') {
  const network = stubNetwork();
  network.answer('GET', /^\/api\//, []);
  network.answer('GET', '/api/geocode/config', mapConfig());
  network.answer('GET', '/api/deliveries/shippable', [first, second]);
  return renderWithApp(<ShipmentsWizardPage />, { role: 'admin', grants: ['logistics.view', 'logistics.edit'], route, network });
}

const selection = () => screen.getByTestId('wizard-selection');

describe('ShipmentsWizardPage', { timeout: 60_000 }, () => {
  it('sums the picked orders’ count, weight and sale sum', async () => {
    const { user } = renderWizard();
    await user.click(await screen.findByRole('checkbox', { name: 'Select order ORD-0021' }));
    await waitFor(() => expect(selection()).toHaveTextContent(`Selected: 1 · 1.5 kg · ${formatMoney(12_000_00)}`));
    await user.click(screen.getByRole('checkbox', { name: 'Select order ORD-0022' }));
    await waitFor(() => expect(selection()).toHaveTextContent(`Selected: 2 · 3.7 kg · ${formatMoney(15_500_00)}`));
    await user.click(screen.getByRole('checkbox', { name: 'Select order ORD-0021' }));
    await waitFor(() => expect(selection()).toHaveTextContent(`Selected: 1 · 2.2 kg · ${formatMoney(3_500_00)}`));
  });

  it('starts with the orders given in ?orderIds=', async () => {
    renderWizard('/shipments-wizard?orderIds=22');
    await waitFor(() => expect(selection()).toHaveTextContent(`Selected: 1 · 2.2 kg · ${formatMoney(3_500_00)}`));
  });
});
