import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { SaveOrganizationBody } from '@pharma/contracts';
import { OrganizationForm } from './organization-form';
import { ApiError } from '../../../lib/api-client';
import { renderWithApp, stubNetwork } from '../../../test/render';
import { mapConfig, region } from '../../../test/fixtures';

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
