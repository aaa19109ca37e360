import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { renderWithApp, stubNetwork } from '../../../test/render';
import { mapConfig, region } from '../../../test/fixtures';
import { LeadsPage } from './leads-page';
import { LeadConvertPage } from './lead-convert-page';
import { LeadStagesPage } from './lead-stages-page';

const text = (value: string) => ({ ru: value, en: value, 'uz-Latn': value, 'uz-Cyrl': value });
const stages = {
  items: [
    { id: 1, kind: 'open', name: text('New'), position: 1, leadCount: 1 },
    { id: 4, kind: 'won', name: text('Won'), position: 4, leadCount: 0 },
    { id: 5, kind: 'lost', name: text('Lost'), position: 5, leadCount: 0 },
  ],
};
const lead = {
  id: 5,
  name: 'Apteka Nur',
  type: 'pharmacy',
  contactPerson: 'Aziz',
  phones: ['+998901234567', '+998901234568'],
  regionId: 1,
  regionName: text('Tashkent'),
  districtId: 11,
  districtName: text('Yunusabad'),
  address: 'Street 1',
  lat: null,
  lng: null,
  inn: '123456789',
  source: 'call',
  assignedTo: 1,
  assignedName: 'Test User',
  notes: null,
  stageId: 4,
  stageKind: 'won',
  lostReason: null,
  stageChangedAt: '2026-11-01T10:00:00.000Z',
  organizationId: null,
  organizationName: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  history: [{ fromStageId: null, toStageId: 1, userName: 'A', lostReason: null, at: '2026-11-01T10:00:00.000Z' }],
};
function net() {
  const network = stubNetwork();
  network.answer('GET', /^\/api\//, []);
  network.answer('GET', '/api/regions', [region()]);
  network.answer('GET', '/api/geocode/config', mapConfig());
  network.answer('GET', '/api/lead-stages', stages);
  network.answer('GET', '/api/leads/board', {
    columns: [
      { stageId: 1, total: 0, items: [] },
      { stageId: 4, total: 1, items: [lead] },
      { stageId: 5, total: 0, items: [] },
    ],
  });
  network.answer('GET', '/api/leads/5', lead);
  network.answer('GET', '/api/users/options', [{ id: 1, fullName: 'Test User', role: 'rep', active: true }]);
  return network;
}
/** The leads screens render from contract-shaped answers; the form checks duplicates first; the convert page sends the prefilled organization. */
describe('leads screens', () => {
  it('opens a won lead in the drawer with its convert button', async () => {
    renderWithApp(<LeadsPage />, { network: net(), route: '/leads?lead=5', grants: ['leads.view', 'leads.edit', 'leads.delete'] });
    expect(await screen.findByRole('button', { name: 'Convert to organization' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: /Add lead/ })).toBeTruthy();
  });
  it('edits a lead after the duplicates are confirmed', async () => {
    const network = net();
    renderWithApp(<LeadsPage />, { network, route: '/leads?edit=5', grants: ['leads.view', 'leads.edit'] });
    expect(await screen.findByLabelText('Contact person')).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Apteka Nur'));
    network.answer('POST', '/api/leads/check-duplicates', {
      organizations: [],
      leads: [{ id: 9, name: 'Nur 2', stageId: 1, reasons: ['phone'], visible: true }],
    });
    network.answer('PUT', '/api/leads/5', lead);
    screen.getByRole('button', { name: 'Save' }).click();
    const anyway = (await screen.findByText('Save anyway')).closest('button')!;
    expect(screen.getByText('Nur 2')).toBeTruthy();
    anyway.click();
    await waitFor(() => expect(network.calls('PUT', '/api/leads/5')).toHaveLength(1));
    expect(network.calls('PUT', '/api/leads/5')[0]!.body).toMatchObject({ name: 'Apteka Nur', phones: ['+998901234567', '+998901234568'] });
  });
  it('converts a lead with its first visit', async () => {
    const network = net();
    renderWithApp(
      <Routes>
        <Route path="/leads/:id/convert" element={<LeadConvertPage />} />
      </Routes>,
      { network, route: '/leads/5/convert', grants: ['leads.view', 'leads.edit', 'organizations.edit'] },
    );
    expect(await screen.findByLabelText('First visit date')).toBeTruthy();
    network.answer('POST', '/api/organizations/check-duplicates', { items: [] });
    network.answer('POST', '/api/leads/5/convert', { organizationId: 77, visitId: 3 }, 201);
    const btn = await screen.findByRole('button', { name: 'Create organization' });
    btn.click();
    await waitFor(() => expect(network.calls('POST', '/api/leads/5/convert')).toHaveLength(1), { timeout: 4000 });
    expect(network.calls('POST', '/api/leads/5/convert')[0]!.body).toMatchObject({
      organization: { name: 'Apteka Nur', phone: '+998901234567', responsiblePerson: 'Aziz', responsiblePhone: '+998901234568' },
      firstVisit: { representativeId: 1 },
    });
  });
  it('lists the stages', async () => {
    renderWithApp(<LeadStagesPage />, { network: net(), grants: ['settings.view', 'settings.edit'] });
    expect((await screen.findAllByText('Won')).length).toBeGreaterThan(0);
  });
});
