import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Attempt } from '@pharma/contracts';
import { renderWithApp, stubNetwork } from '../../../test/render';
import { AttemptRunner, formatLeft } from './attempt-runner';

const text = (ru: string) => ({ ru, en: '', 'uz-Latn': '', 'uz-Cyrl': '' });
const attempt = (deadlineInMs: number): Attempt => ({
  id: 7,
  testId: 3,
  title: text('Парацетамол'),
  userId: 1,
  userName: 'Test User',
  passMark: 70,
  startedAt: new Date().toISOString(),
  deadline: new Date(Date.now() + deadlineInMs).toISOString(),
  finishedAt: null,
  score: null,
  passed: null,
  questions: [
    {
      questionId: 11,
      kind: 'single',
      text: text('Максимальная суточная доза?'),
      options: [
        { id: 2, text: text('1 г') },
        { id: 1, text: text('4 г') },
      ],
      answer: null,
    },
    { questionId: 12, kind: 'short', text: text('МНН Панадола?'), options: [], answer: null },
  ],
});

describe('AttemptRunner', () => {
  it('shows the time left, saves each answer as given, and asks before finishing, naming the unanswered', async () => {
    const network = stubNetwork();
    network.answer('PUT', /\/api\/testing\/attempts\/7\/answers\/\d+/, undefined, 204);
    network.answer('POST', '/api/testing/attempts/7/submit', { ...attempt(60_000), finishedAt: new Date().toISOString(), score: 50, passed: false });
    const onFinished = vi.fn();
    const { user } = renderWithApp(<AttemptRunner attempt={attempt(5 * 60_000)} onFinished={onFinished} />, { network, grants: ['testing.view'] });
    expect(screen.getByRole('timer')).toHaveTextContent(/^0[45]:\d\d$/);
    await user.click(screen.getByRole('radio', { name: '4 г' }));
    await waitFor(() => expect(network.calls('PUT', '/api/testing/attempts/7/answers/11')[0]?.body).toEqual({ optionIds: [1], text: '' }));
    await user.click(screen.getByRole('button', { name: /Next/ }));
    const input = screen.getByRole('textbox', { name: 'Your answer' });
    await user.type(input, 'парацетамол');
    await user.click(screen.getByRole('button', { name: 'Question 1' }));
    await waitFor(() => expect(network.calls('PUT', '/api/testing/attempts/7/answers/12')[0]?.body).toEqual({ optionIds: [], text: 'парацетамол' }));
    // finishing asks first; nothing is sent until confirmed
    await user.click(screen.getAllByRole('button', { name: 'Finish the test' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Finish the test?' });
    expect(dialog).toHaveTextContent('You have answered every question');
    expect(network.calls('POST', '/api/testing/attempts/7/submit')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Finish the test' }));
    await waitFor(() => expect(onFinished).toHaveBeenCalled());
    expect(network.calls('POST', '/api/testing/attempts/7/submit')).toHaveLength(1);
  });

  it('finishes by itself when the time is up', async () => {
    const network = stubNetwork();
    network.answer('POST', '/api/testing/attempts/7/submit', { ...attempt(0), finishedAt: new Date().toISOString(), score: 0, passed: false });
    const onFinished = vi.fn();
    renderWithApp(<AttemptRunner attempt={attempt(-1000)} onFinished={onFinished} />, { network, grants: ['testing.view'] });
    expect(screen.getByRole('timer')).toHaveTextContent('00:00');
    await waitFor(() => expect(onFinished).toHaveBeenCalled());
  });

  it('formats the time left as mm:ss', () => {
    expect(formatLeft(61_000)).toBe('01:01');
    expect(formatLeft(-5)).toBe('00:00');
  });
});
