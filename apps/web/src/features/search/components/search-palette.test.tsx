import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import type { GlobalSearchAnswer, Permission } from '@pharma/contracts';
import { renderWithApp, stubNetwork, type RecordedRequest } from '../../../test/render';
import { SearchLauncher } from './search-launcher';

const answer = (q: string): GlobalSearchAnswer => ({
  q,
  groups: [
    {
      kind: 'organization',
      total: 7,
      items: [
        { kind: 'organization', id: 11, title: 'Аптека «Наджот» №7', type: 'pharmacy', districtName: null, address: 'Bunyodkor 12', inn: '305123456' },
        { kind: 'organization', id: 12, title: 'Najot Farm', type: 'wholesaler', districtName: null, address: null, inn: null },
      ],
    },
    {
      kind: 'order',
      total: 1,
      items: [{ kind: 'order', id: 31, title: '000042', date: '2026-11-20', status: 'new', organizationName: 'Аптека «Наджот» №7', sumSale: 125_000_00 }],
    },
  ],
});

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

function renderLauncher(grants: Permission[]) {
  const network = stubNetwork();
  network.answer('GET', '/api/search', (r: RecordedRequest) => answer(r.query.get('q') ?? ''));
  return renderWithApp(
    <>
      <SearchLauncher phone={false} />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </>,
    { grants, network },
  );
}

describe('the header search palette', () => {
  it('opens with Ctrl+K, groups hits by kind with counts, moves with the arrows and opens the chosen one with Enter', async () => {
    const { user, network } = renderLauncher(['organizations.view', 'orders.view']);
    await user.keyboard('{Control>}k{/Control}');
    const box = await screen.findByRole('combobox', {}, { timeout: 5_000 }); // the palette's code loads on first open
    await waitFor(() => expect(box).toHaveFocus());
    await user.type(box, 'Najot');
    expect(await screen.findByRole('option', { name: /^Аптека «Наджот» №7/ }, { timeout: 5_000 })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Organizations · 7')).toBeInTheDocument();
    expect(screen.getByText('Orders · 1')).toBeInTheDocument();
    expect(network.calls('GET', '/api/search').at(-1)!.query.get('q')).toBe('Najot');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('option', { name: /Order № 000042/ })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/orders-item?id=31'));
    await waitFor(() => expect(screen.queryByRole('combobox')).not.toBeInTheDocument());
  });

  it('says why it searches nothing under 4 characters, takes a short order number, and shows all results on /search', async () => {
    const { user, network } = renderLauncher(['organizations.view', 'orders.view']);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const box = await screen.findByRole('combobox', {}, { timeout: 5_000 }); // the palette's code loads on first open
    await user.type(box, 'Naj');
    expect(await screen.findByText('Type at least 4 characters to search')).toBeInTheDocument();
    await user.clear(box);
    await user.type(box, '42');
    // "show all" appears with the debounced text; the hits (and the request) follow it — wait for them, as the
    // arrival of hits resets the highlighted row
    await screen.findByRole('option', { name: /Order № 000042/ });
    const all = screen.getByRole('option', { name: /Show all results for “42”/ });
    expect(network.calls('GET', '/api/search').map((r) => r.query.get('q'))).toEqual(['42']);
    await user.keyboard('{ArrowUp}');
    expect(all).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/search?q=42'));
  });

  it('closes with Esc', async () => {
    const { user } = renderLauncher(['organizations.view']);
    await user.keyboard('{Control>}k{/Control}');
    await screen.findByRole('combobox', {}, { timeout: 5_000 }); // the palette's code loads on first open
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('combobox')).not.toBeInTheDocument());
  });

  it('shows no button and ignores Ctrl+K without a right', async () => {
    const { user } = renderLauncher(['logistics.view']);
    expect(screen.queryByRole('button', { name: 'Search' })).not.toBeInTheDocument();
    await user.keyboard('{Control>}k{/Control}');
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });
});
