import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { StopOutcomeDrawer, type StopOutcome } from './stop-outcome-drawer';
import { renderWithApp, stubNetwork } from '../../../test/render';
import { delivery, deliveryStop, stopPosition } from '../../../test/fixtures';

/** The courier stands at the stop (the fixture's point), 8 m accuracy. */
const here = { latitude: 41.311, longitude: 69.279, accuracy: 8 };

beforeEach(() => {
  const geolocation: Pick<Geolocation, 'getCurrentPosition' | 'watchPosition' | 'clearWatch'> = {
    getCurrentPosition: (success) =>
      success({ coords: { ...here, altitude: null, altitudeAccuracy: null, heading: null, speed: null }, timestamp: Date.now() } as GeolocationPosition),
    watchPosition: () => 0,
    clearWatch: () => undefined,
  };
  vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { geolocation }));
  // jsdom has no object URLs (the photo's preview)
  URL.createObjectURL = () => 'blob:waybill';
  URL.revokeObjectURL = () => undefined;
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const stop = deliveryStop({
  positions: [
    stopPosition({ id: 901, productName: 'Paracetamol 500 mg', quantity: 10 }),
    stopPosition({ id: 902, productName: 'Ibuprofen 200 mg', quantity: 4 }),
  ],
});
const trip = delivery({ stops: [stop] });
const stopPath = (action: string) => `/api/deliveries/${trip.id}/stops/${stop.id}/${action}`;

function renderDrawer(outcome: StopOutcome) {
  const network = stubNetwork();
  for (const action of ['deliver', 'deliver-partly', 'refuse', 'photo']) network.answer('POST', stopPath(action), trip);
  const onDone = vi.fn();
  const rendered = renderWithApp(<StopOutcomeDrawer delivery={trip} stop={stop} outcome={outcome} onClose={() => undefined} onDone={onDone} />, {
    role: 'courier',
    network,
  });
  return { ...rendered, onDone };
}

type User = ReturnType<typeof renderDrawer>['user'];

async function takePhoto(user: User) {
  await user.upload(screen.getByTestId('waybill-photo-input'), new File(['jpeg bytes'], 'waybill.jpg', { type: 'image/jpeg' }));
  expect(await screen.findByTestId('waybill-photo-preview')).toBeInTheDocument();
}

describe('StopOutcomeDrawer', { timeout: 60_000 }, () => {
  it('refuses only with a reason: the message is shown and nothing is sent', async () => {
    const { user, network, onDone } = renderDrawer('refused');
    await user.click(screen.getByRole('button', { name: 'Confirm refusal' }));
    expect(await screen.findByText('Required field')).toBeInTheDocument();
    expect(network.calls('POST', stopPath('refuse'))).toEqual([]);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('sends a refusal with its reason and the position', async () => {
    const { user, network, onDone } = renderDrawer('refused');
    await user.click(screen.getByLabelText('Reason for refusal'));
    await user.paste('Pharmacy closed');
    await user.click(screen.getByRole('button', { name: 'Confirm refusal' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('refused'));
    expect(network.calls('POST', stopPath('refuse')).map((r) => r.body)).toEqual([
      { lat: here.latitude, lng: here.longitude, accuracy: 8, reason: 'Pharmacy closed' },
    ]);
  });

  it('sends a delivery with the recipient, the position and the waybill photo first', async () => {
    const { user, network, onDone } = renderDrawer('delivered');
    await user.click(screen.getByLabelText("Recipient's name"));
    await user.paste('Dilnoza');
    await takePhoto(user);
    await user.click(screen.getByRole('button', { name: 'Confirm delivery' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('delivered'));
    expect(network.calls('POST', stopPath('photo')).map((r) => r.body)).toEqual([{ contentType: 'image/jpeg', data: btoa('jpeg bytes') }]);
    expect(network.calls('POST', stopPath('deliver')).map((r) => r.body)).toEqual([
      { lat: here.latitude, lng: here.longitude, accuracy: 8, recipientName: 'Dilnoza' },
    ]);
  });

  it('sends a partial delivery with the changed quantities only', async () => {
    const { user, network, onDone } = renderDrawer('partly');
    await user.click(screen.getByLabelText("Recipient's name"));
    await user.paste('Dilnoza');
    const taken = screen.getByLabelText('Taken of Ibuprofen 200 mg');
    await user.clear(taken);
    await user.type(taken, '1');
    await takePhoto(user);
    await user.click(screen.getByRole('button', { name: 'Confirm partial delivery' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('partly'));
    expect(network.calls('POST', stopPath('deliver-partly')).map((r) => r.body)).toEqual([
      { lat: here.latitude, lng: here.longitude, accuracy: 8, recipientName: 'Dilnoza', positions: [{ positionId: 902, quantity: 1 }] },
    ]);
  });

  it('does not send a partial delivery that takes everything', async () => {
    const { user, network } = renderDrawer('partly');
    await user.click(screen.getByLabelText("Recipient's name"));
    await user.paste('Dilnoza');
    await takePhoto(user);
    await user.click(screen.getByRole('button', { name: 'Confirm partial delivery' }));
    expect(await screen.findByText('Everything was taken: mark the stop delivered instead')).toBeInTheDocument();
    expect(network.calls('POST', /\/stops\//)).toEqual([]);
  });
});
