import { z } from 'zod';
import { languages, type Language } from './common/languages.js';
import { pageQuery, paged } from './common/paging.js';
import { roleSchema } from './common/permissions.js';
import { searchKey } from './common/translit.js';
import { isoDate, queryId, recordId, requiredText } from './common/validation.js';

/**
 * Testing (issue 19 item 3): knowledge checks for medical reps. Question banks per product or topic,
 * tests drawing questions at random from them, attempts scored on the server. The correct answers reach
 * the browser only in a finished attempt's result.
 */
export const questionKinds = ['single', 'multiple', 'short'] as const;
export type QuestionKind = (typeof questionKinds)[number];

/** Seconds after an attempt's deadline an answer is still taken (the network's delay), then it finishes. */
export const attemptGraceSeconds = 15;

const optionalLang = z.string().trim().max(2000).default('');
/** A text written in Russian at least; a language left empty shows the Russian one. */
export const testText = (max = 2000) => z.object({ ru: requiredText(max), en: optionalLang, 'uz-Latn': optionalLang, 'uz-Cyrl': optionalLang });
export const storedTestText = z.object({ ru: z.string(), en: z.string(), 'uz-Latn': z.string(), 'uz-Cyrl': z.string() });
export type TestText = z.infer<typeof storedTestText>;

/** The text in the language asked for, or the Russian one when that language was left empty. */
export function textIn(text: TestText, lng: string): string {
  const own = (languages as readonly string[]).includes(lng) ? text[lng as Language] : '';
  return own.trim() ? own : text.ru;
}

// ---------- question banks ----------
export const questionBank = z.object({
  id: z.number().int(),
  name: storedTestText,
  productId: z.number().int().nullable(),
  productName: z.string().nullable(),
  questionCount: z.number().int(),
});
export type QuestionBank = z.infer<typeof questionBank>;
export const questionBankList = z.object({ items: z.array(questionBank) });
export const saveQuestionBankBody = z.object({
  name: testText(120),
  productId: recordId().nullable().optional(),
});
export type SaveQuestionBankBody = z.input<typeof saveQuestionBankBody>;

// ---------- questions (the manager's view, with the answers) ----------
export const questionOption = z.object({ id: z.number().int(), text: storedTestText, correct: z.boolean() });
export const question = z.object({
  id: z.number().int(),
  bankId: z.number().int(),
  kind: z.enum(questionKinds),
  text: storedTestText,
  options: z.array(questionOption),
  /** short answers: the accepted ones, compared by shortAnswerKey */
  accepted: z.array(z.string()),
  active: z.boolean(),
});
export type Question = z.infer<typeof question>;
export const questionList = z.object({ items: z.array(question) });

export const saveQuestionBody = z
  .object({
    bankId: recordId(),
    kind: z.enum(questionKinds),
    text: testText(),
    options: z
      .array(z.object({ text: testText(500), correct: z.boolean().default(false) }))
      .max(10)
      .default([]),
    accepted: z.array(requiredText(200)).max(20).default([]),
    active: z.boolean().default(true),
  })
  .superRefine((q, ctx) => {
    if (q.kind === 'short') {
      if (q.accepted.length === 0) ctx.addIssue({ code: 'custom', path: ['accepted'], message: 'acceptedAnswersRequired' });
      return;
    }
    if (q.options.length < 2) ctx.addIssue({ code: 'custom', path: ['options'], message: 'optionsTooFew' });
    const right = q.options.filter((o) => o.correct).length;
    if (q.kind === 'single' ? right !== 1 : right < 1) ctx.addIssue({ code: 'custom', path: ['options'], message: 'correctOptionsCount' });
  });
export type SaveQuestionBody = z.input<typeof saveQuestionBody>;

// ---------- tests ----------
export const testDefinition = z.object({
  id: z.number().int(),
  title: storedTestText,
  bankIds: z.array(z.number().int()),
  questionCount: z.number().int(),
  timeLimitMinutes: z.number().int(),
  passMark: z.number().int(),
  attemptsAllowed: z.number().int(),
  roles: z.array(roleSchema),
  userIds: z.array(z.number().int()),
  dueDate: z.string().nullable(),
  active: z.boolean(),
  attemptCount: z.number().int(),
});
export type TestDefinition = z.infer<typeof testDefinition>;
export const testDefinitionList = z.object({ items: z.array(testDefinition) });
export const saveTestBody = z.object({
  title: testText(200),
  bankIds: z.array(recordId()).min(1, { error: 'required' }).max(20),
  questionCount: z.int().min(1, { error: 'tooSmall' }).max(100, { error: 'tooBig' }),
  timeLimitMinutes: z.int().min(1, { error: 'tooSmall' }).max(600, { error: 'tooBig' }),
  passMark: z.int().min(1, { error: 'tooSmall' }).max(100, { error: 'tooBig' }),
  attemptsAllowed: z.int().min(1, { error: 'tooSmall' }).max(20, { error: 'tooBig' }),
  roles: z.array(roleSchema).default([]),
  userIds: z.array(recordId()).max(500).default([]),
  dueDate: isoDate.nullable().optional(),
  active: z.boolean().default(true),
});
export type SaveTestBody = z.input<typeof saveTestBody>;

// ---------- taking a test ----------
/** A test assigned to me, with where I stand. */
export const myTest = z.object({
  id: z.number().int(),
  title: storedTestText,
  questionCount: z.number().int(),
  timeLimitMinutes: z.number().int(),
  passMark: z.number().int(),
  attemptsAllowed: z.number().int(),
  attemptsUsed: z.number().int(),
  attemptsLeft: z.number().int(),
  bestScore: z.number().nullable(),
  passed: z.boolean(),
  dueDate: z.string().nullable(),
  /** an attempt started and not finished yet: it is resumed, not started again */
  openAttemptId: z.number().int().nullable(),
  lastAttemptId: z.number().int().nullable(),
});
export type MyTest = z.infer<typeof myTest>;
export const myTestList = z.object({ items: z.array(myTest) });

export const attemptAnswer = z.object({ optionIds: z.array(z.number().int()), text: z.string() });
export type AttemptAnswer = z.infer<typeof attemptAnswer>;
export const answerBody = z.object({
  optionIds: z.array(z.int32()).max(10).default([]),
  text: z.string().trim().max(500).default(''),
});
export type AnswerBody = z.input<typeof answerBody>;

/** What is checked once an attempt is finished: the credit earned and the right answer. */
export const questionResult = z.object({
  /** 0…1 */
  credit: z.number(),
  correct: z.boolean(),
  correctOptionIds: z.array(z.number().int()),
  acceptedAnswers: z.array(z.string()),
});
export const attemptQuestion = z.object({
  questionId: z.number().int(),
  kind: z.enum(questionKinds),
  text: storedTestText,
  /** in this attempt's order; no sign of which are right */
  options: z.array(z.object({ id: z.number().int(), text: storedTestText })),
  answer: attemptAnswer.nullable(),
  /** only in a finished attempt */
  result: questionResult.optional(),
});
export type AttemptQuestion = z.infer<typeof attemptQuestion>;
export const attempt = z.object({
  id: z.number().int(),
  testId: z.number().int(),
  title: storedTestText,
  userId: z.number().int(),
  userName: z.string(),
  passMark: z.number().int(),
  startedAt: z.string(),
  deadline: z.string(),
  finishedAt: z.string().nullable(),
  score: z.number().nullable(),
  passed: z.boolean().nullable(),
  questions: z.array(attemptQuestion),
});
export type Attempt = z.infer<typeof attempt>;
export const testIdParam = z.object({ id: queryId() });
export const attemptQuestionParams = z.object({ id: queryId(), questionId: queryId() });

// ---------- results ----------
export const teamResultsQuery = pageQuery.extend({
  testId: queryId().optional(),
  userId: queryId().optional(),
  passed: z.enum(['yes', 'no']).optional(),
});
export type TeamResultsQuery = z.input<typeof teamResultsQuery>;
export const teamResult = z.object({
  attemptId: z.number().int(),
  testId: z.number().int(),
  title: storedTestText,
  userId: z.number().int(),
  userName: z.string(),
  startedAt: z.string(),
  finishedAt: z.string(),
  score: z.number(),
  passed: z.boolean(),
});
export type TeamResult = z.infer<typeof teamResult>;
export const teamResultList = paged(teamResult);
export const weakQuestionsQuery = z.object({ testId: queryId().optional() });
export const weakQuestion = z.object({
  questionId: z.number().int(),
  kind: z.enum(questionKinds),
  text: storedTestText,
  answered: z.number().int(),
  wrong: z.number().int(),
  /** wrong ÷ answered, 0…1 */
  wrongShare: z.number(),
});
export type WeakQuestion = z.infer<typeof weakQuestion>;
export const weakQuestionList = z.object({ items: z.array(weakQuestion) });

// ---------- scoring (the server's; pure, tested beside) ----------
/**
 * A short answer's key: case, spaces and the Uzbek script (Latin or Cyrillic) do not matter, nor the
 * spellings searchKey folds ("парацетамол" = "Paratsetamol" = "paracetamol").
 */
export function shortAnswerKey(text: string): string {
  return searchKey(text).replace(/[\s\-.,;:!?"«»()]+/g, '');
}

/**
 * One question's credit, 0…1:
 * - single: 1 when the one right option is chosen (and nothing else), else 0;
 * - multiple: (right chosen − wrong chosen) ÷ right count, floored at 0 — choosing everything earns 0;
 * - short: 1 when the answer's key is one of the accepted answers' keys.
 */
export function questionCredit(
  q: { kind: QuestionKind; options: { id: number; correct: boolean }[]; accepted: string[] },
  answer: { optionIds: number[]; text: string } | null,
): number {
  if (!answer) return 0;
  if (q.kind === 'short') {
    const key = shortAnswerKey(answer.text);
    return key !== '' && q.accepted.some((a) => shortAnswerKey(a) === key) ? 1 : 0;
  }
  const chosen = new Set(answer.optionIds);
  const right = q.options.filter((o) => o.correct);
  const rightChosen = right.filter((o) => chosen.has(o.id)).length;
  const wrongChosen = q.options.filter((o) => !o.correct && chosen.has(o.id)).length;
  if (q.kind === 'single') return rightChosen === 1 && wrongChosen === 0 ? 1 : 0;
  return right.length === 0 ? 0 : Math.max(0, (rightChosen - wrongChosen) / right.length);
}

/** An attempt's score in percent, one decimal: the credits' sum over the questions drawn. */
export function attemptScore(credits: number[]): number {
  if (credits.length === 0) return 0;
  return Math.round((credits.reduce((a, b) => a + b, 0) / credits.length) * 1000) / 10;
}
