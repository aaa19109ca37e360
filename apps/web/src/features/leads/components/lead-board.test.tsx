import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Lead, LeadBoard as Board, LeadStage } from '@pharma/contracts';
import { renderWithApp, stubNetwork, type RecordedRequest } from '../../../test/render';
import { LeadBoard } from './lead-board';

const text = (value: string) => ({ ru: value, en: value, 'uz-Latn': value, 'uz-Cyrl': value });

const stages: LeadStage[] = [
  { id: 1, kind: 'open', name: text('Новый'), position: 1, leadCount: 1 },
  { id: 2, kind: 'open', name: text('Контакт'), position: 2, leadCount: 0 },
  { id: 3, kind: 'won', name: text('Выигран'), position: 3, leadCount: 0 },
  { id: 4, kind: 'lost', name: text('Проигран'), position: 4, leadCount: 0 },
];

function lead(overrides: Partial<Lead> = {}): Lead {
  return {
    id: 5,
    name: 'Apteka Nur',
    type: 'pharmacy',
    contactPerson: 'Aziz',
    phones: ['+998901234567'],
    regionId: 1,
    regionName: text('Tashkent'),
    districtId: 11,
    districtName: text('Yunusabad'),
    address: null,
    lat: null,
    lng: null,
    inn: null,
    source: 'call',
    assignedTo: null,
    assignedName: null,
    notes: null,
    stageId: 1,
    stageKind: 'open',
    lostReason: null,
    stageChangedAt: '2026-11-01T10:00:00.000Z',
    organizationId: null,
    organizationName: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    history: [],
    ...overrides,
  };
}

const board: Board = {
  columns: stages.map((s) => ({ stageId: s.id, total: s.id === 1 ? 1 : 0, items: s.id === 1 ? [lead()] : [] })),
};

/** A stand-in for the browser's DataTransfer: what dragstart puts, drop reads. */
function dataTransfer() {
  const data = new Map<string, string>();
  return {
    dropEffect: 'none',
    effectAllowed: 'all',
    setData: (type: string, value: string) => void data.set(type, value),
    getData: (type: string) => data.get(type) ?? '',
    types: [] as string[],
  };
}

function renderBoard() {
  const network = stubNetwork();
  network.answer('POST', '/api/leads/5/move', (r: RecordedRequest) => lead({ stageId: (r.body as { stageId: number }).stageId }));
  return renderWithApp(<LeadBoard stages={stages} board={board} loading={false} canMove onOpen={vi.fn()} />, { network, grants: ['leads.view', 'leads.edit'] });
}

async function drag(toColumn: string) {
  const transfer = dataTransfer();
  const card = await screen.findByRole('listitem');
  const column = screen.getByRole('region', { name: toColumn });
  fireEvent.dragStart(card, { dataTransfer: transfer });
  fireEvent.dragOver(column, { dataTransfer: transfer });
  fireEvent.drop(column, { dataTransfer: transfer });
  return transfer;
}

describe('LeadBoard', () => {
  it('moves a lead dropped on another column to that stage', async () => {
    const { network } = renderBoard();
    expect(within(await screen.findByRole('region', { name: 'Новый' })).getByText('Apteka Nur')).toBeTruthy();
    const transfer = await drag('Контакт');
    expect(transfer.effectAllowed).toBe('move');
    await waitFor(() => expect(network.calls('POST', '/api/leads/5/move')).toHaveLength(1));
    expect(network.calls('POST', '/api/leads/5/move')[0]!.body).toEqual({ stageId: 2 });
  });

  it('asks for the reason before moving a lead to lost', async () => {
    const { network, user } = renderBoard();
    await drag('Проигран');
    const dialog = await screen.findByRole('dialog');
    expect(network.calls('POST', '/api/leads/5/move')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Reason'), 'Too expensive');
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(network.calls('POST', '/api/leads/5/move')).toHaveLength(1));
    expect(network.calls('POST', '/api/leads/5/move')[0]!.body).toEqual({ stageId: 4, lostReason: 'Too expensive' });
  });
});
