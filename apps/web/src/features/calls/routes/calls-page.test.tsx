import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Call } from '@pharma/contracts';
import { renderWithApp, stubNetwork } from '../../../test/render';
import { ClickToCallButton } from '../components/click-to-call-button';
import { CallsPage } from './calls-page';

const call = (over: Partial<Call> = {}): Call => ({
  id: 7,
  direction: 'in',
  state: 'ended',
  from: '+998712001122',
  to: '101',
  phone: '+998712001122',
  startedAt: '2026-11-20T09:30:00Z',
  durationSeconds: 75,
  outcome: 'answered',
  userId: 3,
  userName: 'Rep One',
  match: { type: 'organization', id: 12, name: 'Apteka Shifo' },
  organizationId: 12,
  recordingUrl: 'https://pbx.example.uz/rec/7.mp3',
  note: null,
  taskId: null,
  ...over,
});

describe('CallsPage', { timeout: 60_000 }, () => {
  it('shows the log with the matched card, outcome, duration and recording; asks with the filters of the address', async () => {
    const network = stubNetwork();
    network.answer('GET', /^\/api\//, []);
    network.answer('GET', '/api/calls', {
      items: [
        call(),
        call({ id: 8, direction: 'out', outcome: 'missed', match: null, recordingUrl: null, durationSeconds: 0 }),
        // a stray address that is no http(s) one is neither played nor linked
        call({ id: 9, recordingUrl: 'javascript:alert(1)', durationSeconds: 3 }),
      ],
      total: 3,
      page: 1,
      size: 25,
    });
    renderWithApp(<CallsPage />, { role: 'rep', grants: ['calls.view', 'calls.edit'], route: '/calls?outcome=missed&direction=in', network });
    const [link] = await screen.findAllByRole('link', { name: 'Organization: Apteka Shifo' }, { timeout: 15_000 });
    expect(link).toHaveAttribute('href', '/references/12');
    const table = screen.getByRole('table');
    expect(within(table).getByText('Unknown number')).toBeInTheDocument();
    expect(within(table).getByText('01:15')).toBeInTheDocument();
    expect(within(table).getByText('00:00')).toBeInTheDocument();
    // the recording: its download link, and a player once asked for
    expect(within(table).getAllByRole('link', { name: /Download/ })).toHaveLength(1);
    expect(within(table).getByRole('link', { name: /Download/ })).toHaveAttribute('href', 'https://pbx.example.uz/rec/7.mp3');
    expect(table.querySelector('audio')).toBeNull();
    fireEvent.click(within(table).getByRole('button', { name: /Listen/ }));
    expect(table.querySelector('audio')).toHaveAttribute('src', 'https://pbx.example.uz/rec/7.mp3');
    expect(within(table).getByText('Missed')).toBeInTheDocument();
    const asked = network.calls('GET', '/api/calls')[0]!.query;
    expect(asked.get('outcome')).toBe('missed');
    expect(asked.get('direction')).toBe('in');
  });

  it('edits a note in place', async () => {
    const network = stubNetwork();
    network.answer('GET', /^\/api\//, []);
    network.answer('GET', '/api/calls', { items: [call()], total: 1, page: 1, size: 25 });
    network.answer('PUT', '/api/calls/7/note', call({ note: 'Call back after lunch' }));
    renderWithApp(<CallsPage />, { role: 'rep', grants: ['calls.view', 'calls.edit'], route: '/calls', network });
    fireEvent.click((await screen.findAllByRole('button', { name: 'Edit the note' }, { timeout: 15_000 }))[0]!);
    const box = screen.getByRole('textbox', { name: 'Note' });
    fireEvent.change(box, { target: { value: 'Call back after lunch' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(network.calls('PUT', '/api/calls/7/note')).toHaveLength(1));
    expect(network.calls('PUT', '/api/calls/7/note')[0]!.body).toEqual({ note: 'Call back after lunch' });
  });
});

describe('ClickToCallButton', { timeout: 60_000 }, () => {
  it('calls the number normalised, with what it was started from; nothing without the right', async () => {
    const network = stubNetwork();
    network.answer('GET', /^\/api\//, []);
    network.answer('POST', '/api/calls/originate', { extension: '101', phone: '+998901234567' }, 202);
    renderWithApp(<ClickToCallButton phone="8 (90) 123-45-67" subject={{ type: 'doctor', id: 4 }} />, { role: 'rep', grants: ['calls.edit'], network });
    fireEvent.click(await screen.findByRole('button', { name: 'Call +998 90 123 45 67' }, { timeout: 15_000 }));
    await waitFor(() => expect(network.calls('POST', '/api/calls/originate')).toHaveLength(1));
    expect(network.calls('POST', '/api/calls/originate')[0]!.body).toEqual({ phone: '+998901234567', subject: { type: 'doctor', id: 4 } });
  });

  it('is not there without calls.edit', async () => {
    const network = stubNetwork();
    network.answer('GET', /^\/api\//, []);
    renderWithApp(
      <div>
        <ClickToCallButton phone="901234567" />
        text
      </div>,
      { role: 'rep', grants: ['calls.view'], network },
    );
    await screen.findByText('text', {}, { timeout: 15_000 });
    expect(screen.queryByRole('button')).toBeNull();
  });
});
