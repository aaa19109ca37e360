import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { ChatMessage, ChatSummary } from '@pharma/contracts';
import { renderWithApp, stubNetwork, type RecordedRequest } from '../../../test/render';
import { ChatView } from './chat-view';

/** The shared test machine is busy: answers and re-renders may take longer than the default second. */
const slow = { timeout: 10_000 };

const chat: ChatSummary = {
  id: 42,
  channel: 'telegram',
  title: 'Shifo Pharm bot chat',
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
  unread: 1,
};
const incoming: ChatMessage = {
  id: 100,
  direction: 'in',
  text: 'Do you have Paracetamol?',
  authorName: null,
  delivery: null,
  createdAt: '2026-11-28T09:00:00.000Z',
};

describe('ChatView', { timeout: 60_000 }, () => {
  it('sends the reply on Enter, shows it as ours and clears the box', async () => {
    const network = stubNetwork();
    network.answer('GET', '/api/chats/42', chat);
    network.answer('GET', '/api/chats/42/messages', { items: [incoming], hasMore: false });
    network.answer('POST', '/api/chats/42/read', undefined, 204);
    network.answer('GET', '/api/chat-templates', { items: [] });
    network.answer(
      'POST',
      '/api/chats/42/messages',
      ({ body }: RecordedRequest) => ({
        id: 101,
        direction: 'out',
        text: (body as { text: string }).text,
        authorName: 'Test User',
        delivery: 'sent',
        createdAt: '2026-11-28T09:05:00.000Z',
      }),
      201,
    );
    const { user } = renderWithApp(<ChatView id={42} />, { role: 'admin', grants: ['chats.view', 'chats.edit'], network });

    expect(await screen.findByText('Do you have Paracetamol?', {}, slow)).toBeInTheDocument();
    await waitFor(() => expect(network.calls('POST', '/api/chats/42/read')).toHaveLength(1), slow);

    const box = screen.getByLabelText('Message');
    expect(screen.getByRole('button', { name: /Send/ })).toBeDisabled();
    await user.click(box);
    await user.type(box, 'Yes, 20 packs in stock{Enter}');

    await waitFor(() => expect(network.calls('POST', '/api/chats/42/messages').map((r) => r.body)).toEqual([{ text: 'Yes, 20 packs in stock' }]), slow);
    const ours = (await screen.findByText('Yes, 20 packs in stock', {}, slow)).closest<HTMLElement>('[data-testid="chat-message"]')!;
    expect(ours).toHaveAttribute('data-direction', 'out');
    expect(within(ours).getByText('Test User')).toBeInTheDocument();
    expect(within(ours).getByText('Sent')).toBeInTheDocument();
    await waitFor(() => expect(box).toHaveValue(''), slow);
  });

  it('keeps the text and says why when the reply fails', async () => {
    const network = stubNetwork();
    network.answer('GET', '/api/chats/42', chat);
    network.answer('GET', '/api/chats/42/messages', { items: [incoming], hasMore: false });
    network.answer('POST', '/api/chats/42/read', undefined, 204);
    network.answer('GET', '/api/chat-templates', { items: [] });
    network.answer('POST', '/api/chats/42/messages', { code: 'CHANNEL_FAILED', message: 'Telegram refused the message' }, 502);
    const { user } = renderWithApp(<ChatView id={42} />, { role: 'admin', grants: ['chats.view', 'chats.edit'], network });

    const box = await screen.findByLabelText('Message', {}, slow);
    await user.click(box);
    await user.type(box, 'Hello{Enter}');
    expect(await screen.findByText('The message was not sent', {}, slow)).toBeInTheDocument();
    expect(box).toHaveValue('Hello');
  });
});
