import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { ChatTemplate } from '@pharma/contracts';
import { renderWithApp, stubNetwork } from '../../../test/render';
import { ChatTemplatesPage } from './chat-templates-page';

/** The shared test machine is busy: answers and re-renders may take longer than the default second. */
const slow = { timeout: 10_000 };

const greeting: ChatTemplate = {
  id: 3,
  name: 'Greeting',
  text: { ru: 'Здравствуйте!', en: 'Hello!', 'uz-Latn': 'Assalomu alaykum!', 'uz-Cyrl': 'Ассалому алайкум!' },
};

describe('ChatTemplatesPage', { timeout: 60_000 }, () => {
  it('lists the templates in the current language and adds one with its four texts', async () => {
    const network = stubNetwork();
    network.answer('GET', '/api/chat-templates', { items: [greeting] });
    network.answer('GET', '/api/chats/channels', {
      items: [
        { channel: 'telegram', connected: true, webhookUrl: null },
        { channel: 'instagram', connected: false, webhookUrl: null },
        { channel: 'facebook', connected: false, webhookUrl: null },
      ],
    });
    network.answer('POST', '/api/chat-templates', { ...greeting, id: 4, name: 'Price' }, 201);
    const { user } = renderWithApp(<ChatTemplatesPage />, { role: 'admin', grants: ['settings.view', 'settings.edit'], network });

    expect(await screen.findByText('Hello!', {}, slow)).toBeInTheDocument();
    // the channels' state, from the server's configuration
    const channels = screen.getByRole('list', { name: 'Channels' });
    expect(await within(channels).findByText('Telegram: connected', {}, slow)).toBeInTheDocument();
    expect(within(channels).getByText('Instagram: not connected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Add template/ }));
    const dialog = await screen.findByRole('dialog', {}, slow);
    await user.click(within(dialog).getByLabelText('Name'));
    await user.paste('Price');
    await user.click(within(dialog).getByLabelText('Text (Russian)'));
    await user.paste('Цена');
    await user.click(within(dialog).getByLabelText('Text (English)'));
    await user.paste('Price');
    await user.click(within(dialog).getByLabelText('Text (Uzbek, Latin)'));
    await user.paste('Narx');
    await user.click(within(dialog).getByLabelText('Text (Uzbek, Cyrillic)'));
    await user.paste('Нарх');
    await user.click(within(dialog).getByRole('button', { name: /Save/ }));
    await waitFor(
      () =>
        expect(network.calls('POST', '/api/chat-templates').map((r) => r.body)).toEqual([
          { name: 'Price', text: { ru: 'Цена', en: 'Price', 'uz-Latn': 'Narx', 'uz-Cyrl': 'Нарх' } },
        ]),
      slow,
    );
  });
});
