import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { maxChatAttachmentBytes } from '@pharma/contracts';
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
  attachments: [],
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
        attachments: [],
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

  describe('files', () => {
    beforeEach(() => {
      // jsdom keeps no blobs: a file read is shown from a stand-in URL
      URL.createObjectURL = vi.fn(() => 'blob:http://localhost/file');
      URL.revokeObjectURL = vi.fn();
    });
    afterEach(() => vi.restoreAllMocks());

    it('shows a photo as a thumbnail that opens full size, and a file as a link with its name and size', async () => {
      const network = stubNetwork();
      network.answer('GET', '/api/chats/42', chat);
      const withFiles: ChatMessage = {
        ...incoming,
        id: 102,
        text: 'Our prescription',
        attachments: [
          { id: 5, name: 'shelf.jpg', contentType: 'image/jpeg', size: 120_000 },
          { id: 6, name: 'price.pdf', contentType: 'application/pdf', size: 2_621_440 },
        ],
      };
      network.answer('GET', '/api/chats/42/messages', { items: [withFiles], hasMore: false });
      network.answer('POST', '/api/chats/42/read', undefined, 204);
      network.answer('GET', '/api/chat-templates', { items: [] });
      network.answer('GET', '/api/chats/attachments/5', 'jpeg');
      network.answer('GET', '/api/chats/attachments/6', 'pdf');
      const { user } = renderWithApp(<ChatView id={42} />, { role: 'admin', grants: ['chats.view', 'chats.edit'], network });

      // a thumbnail, a link to the photo full size
      const thumbnail = await screen.findByRole('link', { name: 'Open shelf.jpg full size' }, slow);
      expect(within(thumbnail).getByRole('img', { name: 'shelf.jpg' })).toHaveAttribute('src', 'blob:http://localhost/file');
      expect(thumbnail).toHaveAttribute('href', 'blob:http://localhost/file');
      expect(thumbnail).toHaveAttribute('target', '_blank');
      expect(network.calls('GET', '/api/chats/attachments/5')).toHaveLength(1);

      // the PDF is not fetched until asked for, then downloaded
      const link = screen.getByRole('button', { name: /price\.pdf · 2\.5 MB/ });
      expect(network.calls('GET', '/api/chats/attachments/6')).toHaveLength(0);
      await user.click(link);
      await waitFor(() => expect(network.calls('GET', '/api/chats/attachments/6')).toHaveLength(1), slow);
      expect(screen.getByText('Our prescription')).toBeInTheDocument();
    });

    it('attaches a file with the keyboard-reachable button: shown before sending, refused when too large or of another type, sent with its caption', async () => {
      const network = stubNetwork();
      network.answer('GET', '/api/chats/42', chat);
      network.answer('GET', '/api/chats/42/messages', { items: [incoming], hasMore: false });
      network.answer('POST', '/api/chats/42/read', undefined, 204);
      network.answer('GET', '/api/chat-templates', { items: [] });
      network.answer(
        'POST',
        '/api/chats/42/messages',
        ({ body }: RecordedRequest) => ({
          id: 103,
          direction: 'out',
          text: (body as { text: string }).text,
          authorName: 'Test User',
          delivery: 'sent',
          createdAt: '2026-11-28T09:06:00.000Z',
          attachments: [{ id: 9, name: 'price.pdf', contentType: 'application/pdf', size: 8 }],
        }),
        201,
      );
      const { user } = renderWithApp(<ChatView id={42} />, { role: 'admin', grants: ['chats.view', 'chats.edit'], network });

      const attach = await screen.findByRole('button', { name: 'Attach a photo or file' }, slow);
      const input = screen.getByTestId('chat-file-input') as HTMLInputElement;
      const picked = vi.spyOn(input, 'click');
      attach.focus();
      await user.keyboard('{Enter}');
      expect(picked).toHaveBeenCalled();

      // the picker offers only accepted files; one dropped in anyway is refused here before the server's check
      const anyFile = userEvent.setup({ applyAccept: false });
      await anyFile.upload(input, new File(['<html></html>'], 'page.html', { type: 'text/html' }));
      expect(await screen.findByText('The file must be an image (JPEG, PNG, WebP, GIF) or a PDF, Word or Excel document', {}, slow)).toBeInTheDocument();
      await anyFile.upload(input, new File([new Uint8Array(maxChatAttachmentBytes + 1)], 'scan.pdf', { type: 'application/pdf' }));
      expect(await screen.findByText('The file must be at most 10 MB', {}, slow)).toBeInTheDocument();
      expect(screen.queryByTestId('chat-chosen-file')).not.toBeInTheDocument();

      await user.upload(input, new File(['%PDF-1.4'], 'price.pdf', { type: 'application/pdf' }));
      expect(await screen.findByTestId('chat-chosen-file', {}, slow)).toHaveTextContent('price.pdf · 8 B');
      expect(screen.queryByTestId('chat-file-error')).not.toBeInTheDocument();
      // a file alone may be sent: the button is live without text
      expect(screen.getByRole('button', { name: /Send/ })).toBeEnabled();
      await user.type(screen.getByLabelText('Message'), 'Price list{Enter}');

      await waitFor(
        () =>
          expect(network.calls('POST', '/api/chats/42/messages').map((r) => r.body)).toEqual([
            { text: 'Price list', attachment: { name: 'price.pdf', data: btoa('%PDF-1.4') } },
          ]),
        slow,
      );
      await waitFor(() => expect(screen.queryByTestId('chat-chosen-file')).not.toBeInTheDocument(), slow);
      expect(await screen.findByRole('button', { name: /price\.pdf · 8 B/ }, slow)).toBeInTheDocument();
    });
  });
});
