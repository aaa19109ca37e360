import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderWithApp } from '../../test/render';
import { pwa } from '../../test/pwa-register';
import { UpdatePrompt } from './update-prompt';

afterEach(() => {
  pwa.needRefresh = false;
  pwa.updates = [];
});

describe('the new-version prompt', () => {
  it('says nothing while no new version waits', () => {
    renderWithApp(<UpdatePrompt />);
    expect(screen.queryByText('A new version is ready — reload')).not.toBeInTheDocument();
  });

  it('announces a waiting version and reloads into it only when asked', async () => {
    pwa.needRefresh = true;
    const { user } = renderWithApp(<UpdatePrompt />);
    expect(await screen.findByText('A new version is ready — reload')).toBeInTheDocument();
    expect(pwa.updates).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(pwa.updates).toEqual([true]);
  });

  it('can be put aside: the version waits for the next start', async () => {
    pwa.needRefresh = true;
    const { user } = renderWithApp(<UpdatePrompt />);
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText('A new version is ready — reload')).not.toBeInTheDocument());
    expect(pwa.updates).toEqual([]);
  });
});
