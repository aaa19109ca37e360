import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { ChatSummary } from '@pharma/contracts';
import { renderWithApp, stubNetwork, type RecordedRequest } from '../../../test/render';
import { ChatsPage } from './chats-page';

/** The shared test machine is busy: answers and re-renders may take longer than the default second. */
const slow = { timeout: 10_000 };

const summary = (overrides: Partial<ChatSummary>): ChatSummary => ({
  id: 42,
  channel: 'telegram',
  title: 'Dilnoza',
  organizationId: 7,
  organizationName: 'Shifo Pharm',
  leadId: null,
  leadName: null,
  assignedTo: null,
  assignedName: null,
  status: 'open',
  lastMessageAt: '2026-11-28T09:00:00.000Z',
  lastMessageText: 'Do you have Paracetamol?',
  lastDirection: 'in',
  unread: 2,
  ...overrides,
});

describe('ChatsPage', { timeout: 60_000 }, () => {
  it('lists the conversations, filters by status and opens one from the list', async () => {
    const network = stubNetwork();
    const chats = [summary({}), summary({ id: 43, title: 'Clinic 5', channel: 'instagram', organizationName: null, organizationId: null, unread: 0 })];
    network.answer('GET', '/api/chats', ({ query }: RecordedRequest) => {
      const status = query.get('status');
      const items = status ? chats.filter((c) => c.status === status) : chats;
      return { items, total: items.length, page: 1, size: 25 };
    });
    network.answer('GET', '/api/chats/42', chats[0]);
    network.answer('GET', '/api/chats/42/messages', { items: [], hasMore: false });
    network.answer('POST', '/api/chats/42/read', undefined, 204);
    network.answer('GET', '/api/chat-templates', { items: [] });
    const { user } = renderWithApp(<ChatsPage />, { role: 'admin', grants: ['chats.view', 'chats.edit'], network, route: '/social-networks' });

    expect(await screen.findByRole('heading', { name: 'Chats with clients' }, slow)).toBeInTheDocument();
    const items = await screen.findAllByTestId('chat-item', {}, slow);
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Shifo Pharm')).toBeInTheDocument();
    expect(screen.getByText('Choose a chat')).toBeInTheDocument();

    await user.click(screen.getByText('Waiting for the client', { exact: false }));
    await waitFor(() => expect(network.calls('GET', '/api/chats').some((r) => r.query.get('status') === 'waiting')).toBe(true), slow);
    expect(await screen.findByText('Nothing found', {}, slow)).toBeInTheDocument();

    await user.click(screen.getByText('All'));
    await user.click((await screen.findAllByTestId('chat-item', {}, slow))[0]!);
    expect(await screen.findByTestId('chat-view', {}, slow)).toBeInTheDocument();
    await waitFor(() => expect(network.calls('POST', '/api/chats/42/read')).toHaveLength(1), slow);
    expect(screen.getByLabelText('Message')).toBeInTheDocument();
  });
});
