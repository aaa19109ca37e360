import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { Article } from '@pharma/contracts';
import { renderWithApp, stubNetwork } from '../../../test/render';
import { ProductArticles } from '../components/product-articles';
import { ArticlePage } from './article-page';
import { KnowledgePage } from './knowledge-page';

const text = (value: string) => ({ ru: value, en: value, 'uz-Latn': value, 'uz-Cyrl': value });
const article: Article = {
  id: 7,
  categoryId: 2,
  translations: {
    'uz-Latn': { title: 'Paratsetamol: monografiya', body: '<h2>Dozalash</h2><table><tbody><tr><th>Kattalarga</th><td>500 mg</td></tr></tbody></table>' },
    ru: { title: 'Парацетамол: монография', body: '<h2>Дозировка</h2><p>Взрослым 500 мг.</p>' },
  },
  products: [{ id: 3, name: 'Парацетамол 500 мг №10' }],
  producers: [],
  productCategories: [],
  attachments: [],
  version: 2,
  createdAt: '2026-11-01T10:00:00Z',
  updatedAt: '2026-11-02T10:00:00Z',
  updatedByName: 'Editor',
};
const summary = {
  id: 7,
  categoryId: 2,
  titles: { ru: article.translations.ru!.title, 'uz-Latn': article.translations['uz-Latn']!.title },
  version: 2,
  updatedAt: article.updatedAt,
  updatedByName: 'Editor',
};

function net() {
  const network = stubNetwork();
  network.answer('GET', /^\/api\//, []);
  network.answer('GET', '/api/knowledge/categories', {
    items: [
      { id: 1, parentId: null, name: text('Monographs'), position: 0, articleCount: 0 },
      { id: 2, parentId: 1, name: text('Analgesics'), position: 0, articleCount: 1 },
    ],
  });
  network.answer('GET', '/api/knowledge/articles', { items: [summary], total: 1, page: 1, size: 25 });
  network.answer('GET', '/api/knowledge/articles/7', article);
  return network;
}

describe('the knowledge base', () => {
  it('reads an article not written in the reader’s language in Russian first, says so, and switches to another language it has', async () => {
    const { user } = renderWithApp(
      <Routes>
        <Route path="/knowledge-base/:id" element={<ArticlePage />} />
      </Routes>,
      { network: net(), route: '/knowledge-base/7', role: 'rep', grants: ['knowledge.view'] },
    );
    expect(await screen.findByRole('heading', { name: 'Парацетамол: монография' })).toBeTruthy();
    expect(screen.getByText('This article is not written in your language: shown in Русский.')).toBeTruthy();
    expect(await screen.findByText('Взрослым 500 мг.')).toBeTruthy();
    // a reader cannot edit
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
    await user.click(screen.getByText('Oʻzbekcha'));
    expect(await screen.findByRole('heading', { name: 'Paratsetamol: monografiya' })).toBeTruthy();
    expect(await screen.findByRole('cell', { name: '500 mg' })).toBeTruthy();
    expect(screen.getByText('Парацетамол 500 мг №10')).toBeTruthy();
  });

  it('lists articles beside the category tree, searching by what is typed', async () => {
    const network = net();
    renderWithApp(<KnowledgePage />, { network, route: '/knowledge-base', role: 'chief', grants: ['knowledge.view', 'knowledge.edit'] });
    expect(await screen.findByRole('link', { name: 'Парацетамол: монография' })).toBeTruthy();
    expect(screen.getByText('Analgesics (1)')).toBeTruthy();
    expect(screen.getByRole('button', { name: /New article/ })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search titles and text'), { target: { value: 'Йўтал' } });
    await waitFor(() => expect(network.calls('GET', '/api/knowledge/articles').some((c) => c.query.get('q') === 'Йўтал')).toBe(true), { timeout: 3000 });
  }, 60_000);

  it('moves the chosen category to the top level under a new name, and deletes only an empty one after a confirmation', async () => {
    const network = net();
    network.answer('PUT', '/api/knowledge/categories/2', { id: 2, parentId: null, name: text('Pain relief'), position: 0, articleCount: 1 });
    network.answer('DELETE', '/api/knowledge/categories/1', undefined, 204);
    const { user } = renderWithApp(<KnowledgePage />, {
      network,
      route: '/knowledge-base?category=2',
      role: 'chief',
      grants: ['knowledge.view', 'knowledge.edit', 'knowledge.delete'],
    });
    // a category with an article cannot be deleted
    expect((await screen.findByText('Delete category')).closest('button')).toBeDisabled();
    await user.click(screen.getByText('Edit category'));
    const name = await screen.findByLabelText('Name (Русский)');
    expect(name).toHaveValue('Analgesics');
    await user.clear(name);
    await user.type(name, 'Pain relief');
    // its parent: from Monographs to the top level
    await user.click(screen.getByLabelText('Inside'));
    await user.click(await screen.findByTitle('Top level'));
    // the tree as the server now has it: Monographs is left empty once saved
    network.answer('GET', '/api/knowledge/categories', {
      items: [
        { id: 1, parentId: null, name: text('Monographs'), position: 0, articleCount: 0 },
        { id: 2, parentId: null, name: text('Pain relief'), position: 0, articleCount: 1 },
      ],
    });
    await user.click(screen.getByText('Save').closest('button')!);
    await waitFor(() => expect(network.calls('PUT', '/api/knowledge/categories/2')).toHaveLength(1));
    expect(network.calls('PUT', '/api/knowledge/categories/2')[0]!.body).toMatchObject({ parentId: null, name: { ru: 'Pain relief' } });

    await user.click(await screen.findByText('Pain relief (1)'));
    await user.click(screen.getByText('Monographs (0)'));
    await user.click(screen.getByText('Delete category').closest('button')!);
    await user.click(await screen.findByText('Delete category', { selector: '.ant-modal-confirm-btns span' }));
    await waitFor(() => expect(network.calls('DELETE', '/api/knowledge/categories/1')).toHaveLength(1));
    expect(await screen.findByText('Category deleted')).toBeTruthy();
  }, 60_000);

  it('shows a product’s articles where the product is', async () => {
    renderWithApp(<ProductArticles productId={3} />, { network: net(), grants: ['knowledge.view'] });
    expect(await screen.findByRole('link', { name: 'Парацетамол: монография' })).toBeTruthy();
  });
});
