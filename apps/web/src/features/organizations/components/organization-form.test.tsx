import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { OrganizationForm } from './organization-form';
import { renderWithApp, stubNetwork } from '../../../test/render';

describe('OrganizationForm', () => {
  it('shows the required fields’ messages and does not save an empty form', async () => {
    const network = stubNetwork();
    network.answer('GET', /^\/api\//, []);
    const onSave = vi.fn(() => Promise.resolve());
    const { user } = renderWithApp(
      <>
        <OrganizationForm formId="org" readOnly={false} defaults={{}} saving={false} onSave={onSave} />
        <button type="submit" form="org">
          Save
        </button>
      </>,
      { network },
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('Required field')).length).toBeGreaterThan(0);
    expect(onSave).not.toHaveBeenCalled();
  });
});
