import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { stopOutcomeDistance, stopOutcomeRadiusM } from '@pharma/contracts';
import { StopOutcomeDrawer, type StopOutcome } from './stop-outcome-drawer';
import { renderWithApp, stubNetwork } from '../../../test/render';
import { delivery, deliveryStop, stopPosition } from '../../../test/fixtures';

/** The courier stands at the stop (the fixture's point), 8 m accuracy. */
const here = { latitude: 41.311, longitude: 69.279, accuracy: 8 };
/** About 450 m north of the stop: beyond the organization radius. */
const away = { latitude: 41.315, longitude: 69.279, accuracy: 8 };
/** Where the device reads the courier to be (a test may move them before rendering). */
let position = here;

beforeEach(() => {
  position = here;
  const geolocation: Pick<Geolocation, 'getCurrentPosition' | 'watchPosition' | 'clearWatch'> = {
    getCurrentPosition: (success) =>
      success({ coords: { ...position, altitude: null, altitudeAccuracy: null, heading: null, speed: null }, timestamp: Date.now() } as GeolocationPosition),
    watchPosition: () => 0,
    clearWatch: () => undefined,
  };
  Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
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

const farTitle = 'You are far from the stop. Send anyway?';
/** The question asked before sending away from the stop (the confirm dialog). */
async function farQuestion() {
  const [title] = await screen.findAllByText(farTitle);
  return title!.closest<HTMLElement>('.ant-modal')!;
}

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

  it('away from the stop: warns, asks before sending, and sends only when confirmed', async () => {
    position = away;
    expect(stopOutcomeDistance(stop, { lat: away.latitude, lng: away.longitude }).far).toBe(true);
    const { user, network, onDone } = renderDrawer('refused');
    expect(await screen.findByTestId('far-from-stop')).toHaveTextContent(`over ${stopOutcomeRadiusM} m`);
    await user.click(screen.getByLabelText('Reason for refusal'));
    await user.paste('Pharmacy closed');
    await user.click(screen.getByRole('button', { name: 'Confirm refusal' }));
    let question = await farQuestion();
    expect(network.calls('POST', stopPath('refuse'))).toEqual([]);
    // cancelled: nothing sent, the drawer stays
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryAllByText(farTitle)).toEqual([]));
    expect(network.calls('POST', stopPath('refuse'))).toEqual([]);
    expect(onDone).not.toHaveBeenCalled();
    // confirmed: sent with where the courier is
    await user.click(screen.getByRole('button', { name: 'Confirm refusal' }));
    question = await farQuestion();
    await user.click(within(question).getByRole('button', { name: 'Send anyway' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('refused'));
    expect(network.calls('POST', stopPath('refuse')).map((r) => r.body)).toEqual([
      { lat: away.latitude, lng: away.longitude, accuracy: 8, reason: 'Pharmacy closed' },
    ]);
  });

  it('at the stop: no warning and no question', async () => {
    const { user, network, onDone } = renderDrawer('refused');
    await user.click(screen.getByLabelText('Reason for refusal'));
    await user.paste('Pharmacy closed');
    await user.click(screen.getByRole('button', { name: 'Confirm refusal' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('refused'));
    expect(screen.queryByTestId('far-from-stop')).not.toBeInTheDocument();
    expect(screen.queryAllByText(farTitle)).toEqual([]);
    expect(network.calls('POST', stopPath('refuse'))).toHaveLength(1);
  });

  it('a failed send keeps what was filled in, and Retry sends it again without the photo twice', async () => {
    const { user, network, onDone } = renderDrawer('delivered');
    network.answer('POST', stopPath('deliver'), { code: 'INTERNAL', message: 'Server error', requestId: 'r-1' }, 500);
    await user.click(screen.getByLabelText("Recipient's name"));
    await user.paste('Dilnoza');
    await takePhoto(user);
    await user.click(screen.getByRole('button', { name: 'Confirm delivery' }));
    const failure = (await screen.findByText('Not saved')).closest<HTMLElement>('[role="alert"]')!;
    expect(onDone).not.toHaveBeenCalled();
    // everything stays: the recipient and the photo
    expect(screen.getByLabelText("Recipient's name")).toHaveValue('Dilnoza');
    expect(screen.getByTestId('waybill-photo-preview')).toBeInTheDocument();
    // the server answers again
    network.answer('POST', stopPath('deliver'), trip);
    await user.click(within(failure).getByRole('button', { name: /Retry/ }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('delivered'));
    const sent = { lat: here.latitude, lng: here.longitude, accuracy: 8, recipientName: 'Dilnoza' };
    expect(network.calls('POST', stopPath('deliver')).map((r) => r.body)).toEqual([sent, sent]);
    expect(network.calls('POST', stopPath('photo'))).toHaveLength(1);
  });
});
