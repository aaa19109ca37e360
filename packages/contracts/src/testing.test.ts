import { describe, expect, it } from 'vitest';
import { attemptScore, questionCredit, saveQuestionBody, shortAnswerKey } from './testing.js';

const options = (...correct: boolean[]) => correct.map((c, i) => ({ id: i + 1, correct: c }));

describe('questionCredit', () => {
  it('single: the right option alone', () => {
    const q = { kind: 'single' as const, options: options(false, true, false), accepted: [] };
    expect(questionCredit(q, { optionIds: [2], text: '' })).toBe(1);
    expect(questionCredit(q, { optionIds: [1], text: '' })).toBe(0);
    expect(questionCredit(q, { optionIds: [1, 2], text: '' })).toBe(0);
    expect(questionCredit(q, null)).toBe(0);
  });

  it('multiple: (right chosen − wrong chosen) ÷ right count, floored at 0', () => {
    const q = { kind: 'multiple' as const, options: options(true, true, true, false), accepted: [] };
    expect(questionCredit(q, { optionIds: [1, 2, 3], text: '' })).toBe(1);
    expect(questionCredit(q, { optionIds: [1], text: '' })).toBeCloseTo(1 / 3);
    expect(questionCredit(q, { optionIds: [1, 2, 4], text: '' })).toBeCloseTo(1 / 3);
    expect(questionCredit(q, { optionIds: [1, 4], text: '' })).toBe(0);
    expect(questionCredit(q, { optionIds: [4], text: '' })).toBe(0);
  });

  it('short: case, spaces and the Uzbek script do not matter; an empty answer never counts', () => {
    const q = { kind: 'short' as const, options: [], accepted: ['Paratsetamol'] };
    for (const answer of ['paratsetamol', '  ПАРАЦЕТАМОЛ ', 'Парацетамол', 'paracetamol', 'Пара цетамол'])
      expect(questionCredit(q, { optionIds: [], text: answer }), answer).toBe(1);
    expect(questionCredit(q, { optionIds: [], text: 'ibuprofen' })).toBe(0);
    expect(questionCredit({ ...q, accepted: ['yoʻq'] }, { optionIds: [], text: 'ЙЎҚ' })).toBe(1);
    expect(questionCredit({ ...q, accepted: [''] }, { optionIds: [], text: '' })).toBe(0);
    expect(shortAnswerKey('Beta-laktamaza')).toBe(shortAnswerKey('бета лактамаза'));
  });
});

describe('attemptScore', () => {
  it('is the mean credit in percent with one decimal', () => {
    expect(attemptScore([1, 0, 0])).toBe(33.3);
    expect(attemptScore([1, 0.5, 1, 0])).toBe(62.5);
    expect(attemptScore([])).toBe(0);
  });
});

describe('saveQuestionBody', () => {
  it('names what a question lacks', () => {
    const paths = (body: unknown) => saveQuestionBody.safeParse(body).error?.issues.map((i) => `${i.path.join('.')}:${i.message}`);
    const text = { ru: 'Вопрос' };
    expect(
      paths({
        bankId: 1,
        kind: 'single',
        text,
        options: [
          { text, correct: true },
          { text, correct: true },
        ],
      }),
    ).toEqual(['options:correctOptionsCount']);
    expect(paths({ bankId: 1, kind: 'multiple', text, options: [{ text, correct: true }] })).toEqual(['options:optionsTooFew']);
    expect(paths({ bankId: 1, kind: 'short', text })).toEqual(['accepted:acceptedAnswersRequired']);
    expect(paths({ bankId: 1, kind: 'short', text, accepted: ['да'] })).toBeUndefined();
  });
});
