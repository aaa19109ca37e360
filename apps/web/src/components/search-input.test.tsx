import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderWithApp } from '../test/render';
import { SearchInput } from './search-input';

describe('the search box of a list', () => {
  it('keeps what is typed when its earlier search comes back through the URL, and takes a search set from outside', async () => {
    const onSearch = vi.fn();
    const { user, rerender } = renderWithApp(<SearchInput value={undefined} onSearch={onSearch} label="Organization" />);
    const box = screen.getByRole('searchbox', { name: 'Organization' });
    await user.type(box, 'Apteka Plus');
    await waitFor(() => expect(onSearch).toHaveBeenLastCalledWith('Apteka Plus'));
    // the user types on while that search is still on its way to the URL
    await user.clear(box);
    await user.type(box, 'Nothing such');
    rerender(<SearchInput value="Apteka Plus" onSearch={onSearch} label="Organization" />);
    expect(box).toHaveValue('Nothing such');
    await waitFor(() => expect(onSearch).toHaveBeenLastCalledWith('Nothing such'));
    // back in the browser's history: the URL's search is shown
    rerender(<SearchInput value="Dori Darmon" onSearch={onSearch} label="Organization" />);
    expect(box).toHaveValue('Dori Darmon');
  });
});
