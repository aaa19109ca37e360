import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeTwoTeams, type TestContext } from '../../test/test-app.js';
import { headers } from '../../test/counterparties.js';
import { testAttempts } from './testing.table.js';

let t: TestContext;
type U = Awaited<ReturnType<typeof makeTwoTeams>>['rep'];
let admin: U, chief: U, rep: U, rep2: U, rep3: U, otherChief: U;

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: { id: number }, payload?: unknown, lng = 'en') =>
  t.app.inject({ method, url, headers: headers(t.app, user, lng), ...(payload === undefined ? {} : { payload: payload as object }) });
const text = (ru: string) => ({ ru, en: '', 'uz-Latn': '', 'uz-Cyrl': '' });

interface Q {
  id: number;
  kind: string;
  options: { id: number; text: { ru: string }; correct: boolean }[];
  accepted: string[];
}
interface AttemptJson {
  id: number;
  deadline: string;
  score: number | null;
  passed: boolean | null;
  questions: {
    questionId: number;
    kind: string;
    options: { id: number; text: { ru: string } }[];
    result?: { credit: number; correct: boolean; correctOptionIds: number[]; acceptedAnswers: string[] };
  }[];
}

let bankId: number;
let single: Q, multiple: Q, short: Q;
let testId: number;

/** Answers every question of the attempt: rightly when `right`, else wrongly. */
async function answerAll(user: U, a: AttemptJson, right: boolean) {
  for (const q of a.questions) {
    const def = [single, multiple, short].find((d) => d.id === q.questionId)!;
    const body =
      def.kind === 'short'
        ? { text: right ? '  ПАРАЦЕТАМОЛ ' : 'ибупрофен' }
        : {
            optionIds: def.options
              .filter((o) => o.correct === right)
              .map((o) => o.id)
              .slice(0, def.kind === 'single' ? 1 : 9),
          };
    const res = await inject('PUT', `/api/testing/attempts/${a.id}/answers/${q.questionId}`, user, body);
    expect(res.statusCode, res.body).toBe(204);
  }
}

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, chief, rep, rep2, rep3, otherChief } = await makeTwoTeams(t.db));
  const bank = await inject('POST', '/api/testing/banks', chief, { name: text('Анальгетики') });
  expect(bank.statusCode, bank.body).toBe(201);
  bankId = bank.json().id;
  const add = async (body: Record<string, unknown>) => {
    const res = await inject('POST', '/api/testing/questions', chief, { bankId, text: text('Вопрос'), ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Q;
  };
  single = await add({
    kind: 'single',
    text: text('Максимальная суточная доза парацетамола для взрослого?'),
    options: [{ text: text('4 г'), correct: true }, { text: text('10 г') }, { text: text('1 г') }],
  });
  multiple = await add({
    kind: 'multiple',
    text: text('Какие препараты — НПВС?'),
    options: [
      { text: text('Ибупрофен'), correct: true },
      { text: text('Диклофенак'), correct: true },
      { text: text('Амоксициллин') },
      { text: text('Лозартан') },
    ],
  });
  short = await add({ kind: 'short', text: text('МНН препарата «Панадол»?'), accepted: ['Paratsetamol', 'paracetamol'] });
  const test = await inject('POST', '/api/testing/tests', chief, {
    title: text('Анальгетики: базовый'),
    bankIds: [bankId],
    questionCount: 3,
    timeLimitMinutes: 10,
    passMark: 70,
    attemptsAllowed: 2,
    roles: ['rep'],
  });
  expect(test.statusCode, test.body).toBe(201);
  testId = test.json().id;
});
afterAll(() => t.close());

describe('writing tests', () => {
  it('a question names its faults: too few options, the wrong count of right ones, a short one without accepted answers', async () => {
    const res = await inject('POST', '/api/testing/questions', chief, {
      bankId,
      kind: 'single',
      text: text('?'),
      options: [
        { text: text('a'), correct: true },
        { text: text('b'), correct: true },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ options: 'Mark the right options: exactly one for single choice, at least one for multiple choice' });
    const bad = await inject('POST', '/api/testing/questions', chief, { bankId, kind: 'short', text: text(''), options: [] });
    expect(Object.keys(bad.json().fields).sort()).toEqual(['accepted', 'text.ru']);
    const one = await inject('POST', '/api/testing/questions', chief, {
      bankId,
      kind: 'multiple',
      text: text('?'),
      options: [{ text: text('a'), correct: true }],
    });
    expect(one.json().fields).toEqual({ options: 'Give at least two options' });
  });

  it('a test drawing more questions than its banks hold is refused; an unknown bank is named', async () => {
    const body = { title: text('Т'), bankIds: [bankId], questionCount: 50, timeLimitMinutes: 5, passMark: 50, attemptsAllowed: 1 };
    const res = await inject('POST', '/api/testing/tests', chief, body, 'ru');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'TEST_NOT_ENOUGH_QUESTIONS', message: 'В выбранных банках меньше активных вопросов, чем нужно для теста.' });
    const unknown = await inject('POST', '/api/testing/tests', chief, { ...body, questionCount: 1, bankIds: [999_999] });
    expect(unknown.json().fields).toEqual({ bankIds: 'Choose one of the offered values' });
  });

  it('a rep takes tests but does not write them, nor read the banks with their answers (403)', async () => {
    expect((await inject('GET', '/api/testing/banks', rep)).statusCode).toBe(403);
    expect((await inject('GET', `/api/testing/banks/${bankId}/questions`, rep)).statusCode).toBe(403);
    expect((await inject('POST', '/api/testing/banks', rep, { name: text('x') })).statusCode).toBe(403);
    expect((await inject('GET', '/api/testing/my', rep)).statusCode).toBe(200);
  });

  it('a missing bank or test is 404', async () => {
    expect((await inject('GET', '/api/testing/banks/999999/questions', chief)).statusCode).toBe(404);
    expect((await inject('POST', '/api/testing/tests/999999/attempts', rep)).statusCode).toBe(404);
    expect((await inject('GET', '/api/testing/attempts/999999', rep)).statusCode).toBe(404);
  });
});

describe('taking a test', () => {
  let first: AttemptJson;

  it('a started attempt carries the questions and options, and nothing of the right answers', async () => {
    const res = await inject('POST', `/api/testing/tests/${testId}/attempts`, rep);
    expect(res.statusCode, res.body).toBe(201);
    first = res.json();
    expect(first.questions.map((q) => q.questionId).sort()).toEqual([single.id, multiple.id, short.id].sort());
    expect(res.body).not.toMatch(/correct/i);
    expect(res.body).not.toMatch(/accepted/i);
    expect(res.body.toLowerCase()).not.toContain('paratsetamol');
    // the same while it is open, read again
    const again = await inject('GET', `/api/testing/attempts/${first.id}`, rep);
    expect(again.body).not.toMatch(/correct|accepted|paratsetamol/i);
    // starting again resumes it
    const resumed = await inject('POST', `/api/testing/tests/${testId}/attempts`, rep);
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json().id).toBe(first.id);
  });

  it('nobody else reads an open attempt, not even the chief', async () => {
    expect((await inject('GET', `/api/testing/attempts/${first.id}`, chief)).statusCode).toBe(404);
    expect((await inject('PUT', `/api/testing/attempts/${first.id}/answers/${single.id}`, rep2, { optionIds: [1] })).statusCode).toBe(404);
  });

  it('an option not offered is refused on its field', async () => {
    const res = await inject('PUT', `/api/testing/attempts/${first.id}/answers/${single.id}`, rep, { optionIds: [99] });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ optionIds: 'Choose one of the offered values' });
  });

  it('all wrong fails; the result then shows the right answers', async () => {
    await answerAll(rep, first, false);
    const res = await inject('POST', `/api/testing/attempts/${first.id}/submit`, rep);
    expect(res.statusCode, res.body).toBe(200);
    const result: AttemptJson = res.json();
    expect(result).toMatchObject({ score: 0, passed: false });
    const shortResult = result.questions.find((q) => q.questionId === short.id)!.result!;
    expect(shortResult).toMatchObject({ credit: 0, correct: false, acceptedAnswers: ['Paratsetamol', 'paracetamol'] });
    expect(result.questions.find((q) => q.questionId === single.id)!.result!.correctOptionIds).toEqual([single.options.find((o) => o.correct)!.id]);
    // a finished attempt takes no more answers
    const late = await inject('PUT', `/api/testing/attempts/${first.id}/answers/${single.id}`, rep, { optionIds: [1] });
    expect(late.json().code).toBe('TEST_ATTEMPT_FINISHED');
  });

  it('all right passes: a short answer in another case, with spaces and in Cyrillic counts', async () => {
    const second: AttemptJson = (await inject('POST', `/api/testing/tests/${testId}/attempts`, rep)).json();
    await answerAll(rep, second, true);
    const result: AttemptJson = (await inject('POST', `/api/testing/attempts/${second.id}/submit`, rep)).json();
    expect(result).toMatchObject({ score: 100, passed: true });
    expect(result.questions.every((q) => q.result!.correct)).toBe(true);
    const mine = (await inject('GET', '/api/testing/my', rep)).json().items.find((i: { id: number }) => i.id === testId);
    expect(mine).toMatchObject({ attemptsUsed: 2, attemptsLeft: 0, bestScore: 100, passed: true, openAttemptId: null });
  });

  it('the n+1-th start is refused with a localized code', async () => {
    const res = await inject('POST', `/api/testing/tests/${testId}/attempts`, rep, undefined, 'uz-Latn');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'TEST_ATTEMPTS_EXHAUSTED', message: 'Ushbu testni topshirish urinishlari tugadi.' });
  });

  it('partly right multiple choice earns (right chosen − wrong chosen) ÷ right count, floored at 0', async () => {
    const a: AttemptJson = (await inject('POST', `/api/testing/tests/${testId}/attempts`, rep2)).json();
    const [r1, r2] = multiple.options.filter((o) => o.correct);
    const [w1, w2] = multiple.options.filter((o) => !o.correct);
    // multiple: one right of two, no wrong → 0.5; single right → 1; short wrong → 0
    await inject('PUT', `/api/testing/attempts/${a.id}/answers/${multiple.id}`, rep2, { optionIds: [r1!.id] });
    await inject('PUT', `/api/testing/attempts/${a.id}/answers/${single.id}`, rep2, { optionIds: [single.options.find((o) => o.correct)!.id] });
    const result: AttemptJson = (await inject('POST', `/api/testing/attempts/${a.id}/submit`, rep2)).json();
    expect(result.questions.find((q) => q.questionId === multiple.id)!.result).toMatchObject({ credit: 0.5, correct: false });
    expect(result).toMatchObject({ score: 50, passed: false });
    // everything chosen: 2 right − 2 wrong = 0; one right and both wrong floors at 0
    const b: AttemptJson = (await inject('POST', `/api/testing/tests/${testId}/attempts`, rep2)).json();
    await inject('PUT', `/api/testing/attempts/${b.id}/answers/${multiple.id}`, rep2, { optionIds: [r2!.id, w1!.id, w2!.id] });
    const floored: AttemptJson = (await inject('POST', `/api/testing/attempts/${b.id}/submit`, rep2)).json();
    expect(floored.questions.find((q) => q.questionId === multiple.id)!.result!.credit).toBe(0);
    expect(floored.score).toBe(0);
  });
});

describe('the time limit', () => {
  it('an answer after the deadline and its grace is refused and the attempt finishes with the answers it had', async () => {
    const a: AttemptJson = (await inject('POST', `/api/testing/tests/${testId}/attempts`, rep3)).json();
    await inject('PUT', `/api/testing/attempts/${a.id}/answers/${single.id}`, rep3, { optionIds: [single.options.find((o) => o.correct)!.id] });
    // within the grace an answer is still taken
    await t.db
      .update(testAttempts)
      .set({ deadline: sql`now() - interval '5 seconds'` })
      .where(eq(testAttempts.id, a.id));
    expect((await inject('PUT', `/api/testing/attempts/${a.id}/answers/${short.id}`, rep3, { text: 'no' })).statusCode).toBe(204);
    await t.db
      .update(testAttempts)
      .set({ deadline: sql`now() - interval '1 minute'` })
      .where(eq(testAttempts.id, a.id));
    const late = await inject(
      'PUT',
      `/api/testing/attempts/${a.id}/answers/${multiple.id}`,
      rep3,
      { optionIds: multiple.options.filter((o) => o.correct).map((o) => o.id) },
      'ru',
    );
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'TEST_TIME_UP', message: 'Время на тест вышло: попытка завершена, ответы после срока не принимаются.' });
    const result: AttemptJson = (await inject('GET', `/api/testing/attempts/${a.id}`, rep3)).json();
    expect(result).toMatchObject({ score: 33.3, passed: false });
    expect(result.questions.find((q) => q.questionId === multiple.id)!.result!.credit).toBe(0);
  });

  it('an overdue attempt nobody submitted is finished when next looked at', async () => {
    const fresh = await inject('POST', '/api/testing/tests', chief, {
      title: text('Второй'),
      bankIds: [bankId],
      questionCount: 1,
      timeLimitMinutes: 1,
      passMark: 50,
      attemptsAllowed: 1,
      userIds: [rep3.id],
    });
    const a: AttemptJson = (await inject('POST', `/api/testing/tests/${fresh.json().id}/attempts`, rep3)).json();
    await t.db
      .update(testAttempts)
      .set({ deadline: sql`now() - interval '1 hour'` })
      .where(eq(testAttempts.id, a.id));
    const mine = (await inject('GET', '/api/testing/my', rep3)).json().items.find((i: { id: number }) => i.id === fresh.json().id);
    expect(mine).toMatchObject({ openAttemptId: null, attemptsLeft: 0, bestScore: 0, passed: false });
  });
});

describe('results', () => {
  it('a chief sees the results of the team, not of another team; a rep only their own', async () => {
    const team = (await inject('GET', `/api/testing/results?testId=${testId}`, chief)).json();
    expect(new Set(team.items.map((i: { userId: number }) => i.userId))).toEqual(new Set([rep.id, rep2.id]));
    expect(team.total).toBe(4);
    const failed = (await inject('GET', `/api/testing/results?testId=${testId}&passed=no`, chief)).json();
    expect(failed.total).toBe(3);
    const other = (await inject('GET', `/api/testing/results?testId=${testId}`, otherChief)).json();
    expect(other.items.map((i: { userId: number }) => i.userId)).toEqual([rep3.id]);
    const own = (await inject('GET', '/api/testing/results', rep)).json();
    expect(own.items.every((i: { userId: number }) => i.userId === rep.id)).toBe(true);
    expect((await inject('GET', '/api/testing/results?passed=maybe', chief)).statusCode).toBe(400);
  });

  it('a chief reads a team member’s finished attempt with the answers; another team’s is not found', async () => {
    const { items } = (await inject('GET', `/api/testing/results?testId=${testId}&userId=${rep.id}`, chief)).json();
    const res = await inject('GET', `/api/testing/attempts/${items[0].attemptId}`, chief);
    expect(res.statusCode).toBe(200);
    expect(res.json().questions[0].result).toBeDefined();
    expect((await inject('GET', `/api/testing/attempts/${items[0].attemptId}`, otherChief)).statusCode).toBe(404);
    expect((await inject('GET', `/api/testing/attempts/${items[0].attemptId}`, admin)).statusCode).toBe(200);
  });

  it('weak questions: the share answered wrong per question, the weakest first', async () => {
    const { items } = (await inject('GET', `/api/testing/weak-questions?testId=${testId}`, chief)).json();
    // the team's four attempts: short wrong in 3, multiple wrong in 3, single wrong in 2
    const of = (id: number) => items.find((i: { questionId: number }) => i.questionId === id);
    expect(of(short.id)).toMatchObject({ answered: 4, wrong: 3, wrongShare: 0.75 });
    expect(of(multiple.id)).toMatchObject({ answered: 4, wrong: 3 });
    expect(of(single.id)).toMatchObject({ answered: 4, wrong: 2, wrongShare: 0.5 });
    expect(items[items.length - 1].questionId).toBe(single.id);
  });

  it('a test taken is kept (IN_USE); a question drawn too', async () => {
    expect((await inject('DELETE', `/api/testing/tests/${testId}`, chief)).json().code).toBe('IN_USE');
    expect((await inject('DELETE', `/api/testing/questions/${single.id}`, chief)).json().code).toBe('IN_USE');
    expect((await inject('DELETE', `/api/testing/banks/${bankId}`, chief)).json().code).toBe('IN_USE');
  });
});

describe('a question edited after it was drawn', () => {
  it('changes neither how the open attempt is scored nor how it reads: the attempt keeps the question as drawn', async () => {
    const a: AttemptJson & { questions: { text: { ru: string } }[] } = (await inject('POST', `/api/testing/tests/${testId}/attempts`, rep3)).json();
    // the chief rewrites the single-choice question and makes another option the right one
    const edited = await inject('PUT', `/api/testing/questions/${single.id}`, chief, {
      bankId,
      kind: 'single',
      text: text('Изменённый вопрос'),
      options: [{ text: text('4 г') }, { text: text('10 г'), correct: true }, { text: text('1 г') }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const open = (await inject('GET', `/api/testing/attempts/${a.id}`, rep3)).json();
    expect(open.questions.find((q: { questionId: number }) => q.questionId === single.id).text.ru).toBe(
      'Максимальная суточная доза парацетамола для взрослого?',
    );
    await answerAll(rep3, a, true);
    const result: AttemptJson = (await inject('POST', `/api/testing/attempts/${a.id}/submit`, rep3)).json();
    expect(result).toMatchObject({ score: 100, passed: true });
    expect(result.questions.find((q) => q.questionId === single.id)!.result!.correctOptionIds).toEqual([single.options.find((o) => o.correct)!.id]);
  });
});
