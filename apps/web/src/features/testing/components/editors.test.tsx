import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { TestDefinition } from '@pharma/contracts';
import { renderWithApp, stubNetwork } from '../../../test/render';
import { BanksEditor } from './banks-editor';
import { TestsEditor } from './tests-editor';

const text = (ru: string) => ({ ru, en: '', 'uz-Latn': '', 'uz-Cyrl': '' });
const test: TestDefinition = {
  id: 3,
  title: text('Анальгетики'),
  bankIds: [1],
  questionCount: 10,
  timeLimitMinutes: 15,
  passMark: 70,
  attemptsAllowed: 3,
  roles: ['rep'],
  userIds: [],
  dueDate: null,
  active: true,
  attemptCount: 0,
};
const bank = { id: 1, name: text('Парацетамол'), productId: null, productName: null, questionCount: 12 };

function net() {
  const network = stubNetwork();
  network.answer('GET', /^\/api\//, []);
  network.answer('GET', '/api/testing/banks', { items: [bank] });
  network.answer('GET', '/api/testing/tests', { items: [test] });
  network.answer('GET', '/api/users/options', [
    { id: 5, fullName: 'Malika Karimova', role: 'rep', active: true },
    { id: 6, fullName: 'Jasur Aliyev', role: 'rep', active: true },
  ]);
  return network;
}

/** The editors send what the manager chose: a test assigned to people beside its roles, a bank about one product. */
describe('testing editors', () => {
  it('assigns a test to a person besides its roles', async () => {
    const network = net();
    network.answer('PUT', '/api/testing/tests/3', { ...test, userIds: [5] });
    const { user } = renderWithApp(<TestsEditor />, { network, role: 'chief', grants: ['testing.view', 'testing.edit'] });
    await user.click(await screen.findByLabelText('Edit the test'));
    await user.click(await screen.findByLabelText('Assigned to people'));
    await user.click(await screen.findByTitle('Malika Karimova'));
    await user.click(screen.getByText('Save').closest('button')!);
    await waitFor(() => expect(network.calls('PUT', '/api/testing/tests/3')).toHaveLength(1));
    expect(network.calls('PUT', '/api/testing/tests/3')[0]!.body).toMatchObject({ roles: ['rep'], userIds: [5] });
  });

  it('ties a bank to a product found by a search', async () => {
    const network = net();
    network.answer('GET', '/api/products', {
      items: [{ id: 44, name: 'Парацетамол 500 мг', producerName: 'Nobel', form: 'tab', active: true }],
      total: 1,
      page: 1,
      size: 25,
    });
    network.answer('PUT', '/api/testing/banks/1', { ...bank, productId: 44, productName: 'Парацетамол 500 мг' });
    const { user } = renderWithApp(<BanksEditor />, { network, role: 'chief', grants: ['testing.view', 'testing.edit'] });
    await user.click(await screen.findByLabelText('Edit the bank'));
    await user.type(await screen.findByLabelText('Product'), 'Пара');
    await user.click(await screen.findByText('Парацетамол 500 мг', {}, { timeout: 3000 }));
    await user.click(screen.getByText('Save').closest('button')!);
    await waitFor(() => expect(network.calls('PUT', '/api/testing/banks/1')).toHaveLength(1));
    expect(network.calls('PUT', '/api/testing/banks/1')[0]!.body).toMatchObject({ productId: 44 });
  });
});
