import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import type { SaveOrganizationBody } from '@pharma/contracts';
import { OrganizationForm } from './organization-form';
import { organizationPaths } from '../paths';
import { ApiError } from '../../../lib/api-client';
import { renderWithApp, stubNetwork } from '../../../test/render';
import { duplicateCandidate, mapConfig, region } from '../../../test/fixtures';

/** The reference lists the form reads on mount: one region with one district (a new organization starts there). */
function referenceNetwork() {
  const network = stubNetwork();
  network.answer('GET', /^\/api\//, []);
  network.answer('GET', '/api/regions', [region()]);
  network.answer('GET', '/api/geocode/config', mapConfig());
  network.answer('POST', '/api/organizations/check-duplicates', { items: [] });
  return network;
}

function renderForm(onSave: (body: SaveOrganizationBody) => Promise<unknown>) {
  return renderWithApp(
    <>
      <OrganizationForm formId="org" readOnly={false} defaults={{}} saving={false} onSave={onSave} />
      <button type="submit" form="org">
        Save
      </button>
    </>,
    { network: referenceNetwork() },
  );
}

type User = ReturnType<typeof renderForm>['user'];

/** Types a value at once (a paste): keystroke by keystroke re-renders the whole form each time. */
async function fill(user: User, label: string, value: string) {
  const field = screen.getByLabelText(label);
  await user.clear(field);
  await user.paste(value);
}

async function fillRequired(user: User) {
  await fill(user, 'Name', 'Shifo Pharm');
  await fill(user, 'INN', '123456789');
  await fill(user, 'Phone', '+998 90 123 45 67');
  await fill(user, 'Responsible person', 'Aziz Karimov');
  await fill(user, 'Address', 'Amir Temur 1');
  await fill(user, 'Delivery address (street)', 'Amir Temur 1');
}

// the whole form (four cards, two maps) renders slowly in jsdom on a shared machine
describe('OrganizationForm', { timeout: 60_000 }, () => {
  it('shows the required fields’ messages and does not save an empty form', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    const { user } = renderForm(onSave);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('Required field')).length).toBeGreaterThan(0);
    expect(onSave).not.toHaveBeenCalled();
  });

  it('shows the INN and phone format messages and does not save', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    const { user } = renderForm(onSave);
    await fillRequired(user);
    await fill(user, 'INN', '12345678a');
    await fill(user, 'Phone', '+7 900 123 45 67');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('INN must be exactly 9 digits, without letters')).toBeInTheDocument();
    expect(await screen.findByText('Enter a valid phone number: +998 and 9 digits')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('saves a valid form: the credit limit in tiyin, empty optional fields as null', async () => {
    const onSave = vi.fn((_body: SaveOrganizationBody) => Promise.resolve());
    const { user } = renderForm(onSave);
    // the only region and district are chosen for a new organization
    expect(await screen.findByTitle('Tashkent')).toBeInTheDocument();
    await fillRequired(user);
    // a sum with tiyin: checked and sent as 150 050 tiyin (the inline rule once refused a fraction)
    await fill(user, 'Credit limit', '1500.5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]![0]).toMatchObject({
      name: 'Shifo Pharm',
      type: 'pharmacy',
      inn: '123456789',
      phone: '+998901234567',
      responsiblePerson: 'Aziz Karimov',
      regionId: 1,
      districtId: 11,
      address: 'Amir Temur 1',
      deliveryAddress: 'Amir Temur 1',
      creditLimit: 150_050,
      creditDays: null,
      minShelfLifeMonths: null,
      responsiblePhone: null,
      brandId: null,
      size: null,
      lat: null,
      lng: null,
      deliveryRegionId: null,
      deliveryDistrictId: null,
      defaultClientType: null,
      defaultPaymentVariant: null,
    });
  });

  it('puts the server’s field error on its field', async () => {
    const onSave = vi.fn(() =>
      Promise.reject(new ApiError(400, { code: 'VALIDATION_FAILED', message: 'Validation failed', fields: { inn: 'An organization with this INN exists' } })),
    );
    const { user } = renderForm(onSave);
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const message = await screen.findByText('An organization with this INN exists');
    expect(message.closest('.ant-form-item')).toHaveTextContent('INN');
    expect(onSave).toHaveBeenCalledTimes(1);
  });
});

/** Where the app is (the duplicates dialog's "Open the existing one" navigates). */
function Location() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

/** The form with a check that finds an organization with the same INN (or none). */
function renderWithDuplicates(onSave: (body: SaveOrganizationBody) => Promise<unknown>, found = [duplicateCandidate()]) {
  const network = referenceNetwork();
  network.answer('POST', '/api/organizations/check-duplicates', { items: found });
  return renderWithApp(
    <>
      <OrganizationForm formId="org" readOnly={false} defaults={{}} saving={false} onSave={onSave} />
      <button type="submit" form="org">
        Save
      </button>
      <Location />
    </>,
    { network, route: '/organizations/new' },
  );
}

async function saveToDialog(user: User) {
  await fillRequired(user);
  await user.click(screen.getByRole('button', { name: 'Save' }));
  return screen.findByRole('dialog', { name: 'A similar organization already exists' });
}

describe('OrganizationForm: likely duplicates', { timeout: 60_000 }, () => {
  it('shows the organization with the same INN before saving; back to the form saves nothing', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    const { user, network } = renderWithDuplicates(onSave);
    const dialog = await saveToDialog(user);
    expect(within(dialog).getByText('Shifo Pharm Chilonzor')).toBeInTheDocument();
    expect(within(dialog).getByText('Bunyodkor 12')).toBeInTheDocument();
    expect(network.calls('POST', '/api/organizations/check-duplicates').map((r) => r.body)).toEqual([
      { name: 'Shifo Pharm', inn: '123456789', lat: null, lng: null, excludeId: null },
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Back to the form' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onSave).not.toHaveBeenCalled();
  });

  it('"Save anyway" saves the form with the confirmation flag', async () => {
    const onSave = vi.fn((_body: SaveOrganizationBody) => Promise.resolve());
    const { user } = renderWithDuplicates(onSave);
    const dialog = await saveToDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]![0]).toMatchObject({ name: 'Shifo Pharm', inn: '123456789', confirmDuplicate: true });
  });

  it('"Open the existing one" goes to that organization and saves nothing', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    const { user } = renderWithDuplicates(onSave);
    const dialog = await saveToDialog(user);
    // a link (LinkButton): it navigates inside the app
    const open = within(dialog).getByText('Open the existing one').closest('a')!;
    expect(open).toHaveAttribute('href', organizationPaths.detail(8));
    await user.click(open);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(organizationPaths.detail(8)));
    expect(onSave).not.toHaveBeenCalled();
  });

  it('a save the server refuses as a likely duplicate shows the dialog, and "Save anyway" sends the flag', async () => {
    const onSave = vi
      .fn<(body: SaveOrganizationBody) => Promise<unknown>>()
      .mockRejectedValueOnce(new ApiError(409, { code: 'LIKELY_DUPLICATE', message: 'Likely duplicate' }))
      .mockResolvedValue(undefined);
    const { user } = renderWithDuplicates(onSave, []);
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'A similar organization already exists' });
    await user.click(within(dialog).getByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(2));
    expect(onSave.mock.calls[1]![0]).toMatchObject({ confirmDuplicate: true });
  });
});
