import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Question, QuestionBank, TestDefinition, saveQuestionBankBody, saveQuestionBody, saveTestBody } from '@pharma/contracts';
import type { Db, Tx } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { AppError, fieldError, notFound } from '../../platform/errors.js';
import { recordAudit } from '../../platform/audit/audit.js';
import { isForeignKeyViolation } from '../../platform/sql.js';
import { products } from '../catalog/catalog.table.js';
import { questionBanks, questions, testAttempts, testBanks, tests } from './testing.table.js';

// ---------- banks ----------
const bankColumns = {
  id: questionBanks.id,
  name: questionBanks.name,
  productId: questionBanks.productId,
  productName: sql<string | null>`(select p.name from ${products} p where p.id = ${questionBanks.productId})`,
  questionCount: sql<number>`(select count(*)::int from ${questions} q where q.bank_id = ${questionBanks.id} and q.active)`,
};

export async function listBanks(db: Db): Promise<{ items: QuestionBank[] }> {
  return { items: await db.select(bankColumns).from(questionBanks).orderBy(asc(questionBanks.id)) };
}

async function bankById(db: Db, id: number): Promise<QuestionBank> {
  const [bank] = await db.select(bankColumns).from(questionBanks).where(eq(questionBanks.id, id));
  if (!bank) throw notFound();
  return bank;
}

async function checkProduct(db: Tx, productId: number | null | undefined) {
  if (!productId) return;
  const [found] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!found) throw fieldError('VALIDATION_FAILED', 'productId', 'productUnknown');
}

export async function createBank(db: Db, actor: Actor, input: z.output<typeof saveQuestionBankBody>): Promise<QuestionBank> {
  const id = await db.transaction(async (tx) => {
    await checkProduct(tx, input.productId);
    const [row] = await tx
      .insert(questionBanks)
      .values({ name: input.name, productId: input.productId ?? null })
      .returning({ id: questionBanks.id });
    await recordAudit(tx, actor, { entity: 'questionBank', entityId: row!.id, action: 'create', after: input });
    return row!.id;
  });
  return bankById(db, id);
}

export async function updateBank(db: Db, actor: Actor, id: number, input: z.output<typeof saveQuestionBankBody>): Promise<QuestionBank> {
  await db.transaction(async (tx) => {
    await checkProduct(tx, input.productId);
    const [before] = await tx.select().from(questionBanks).where(eq(questionBanks.id, id)).for('update');
    if (!before) throw notFound();
    await tx
      .update(questionBanks)
      .set({ name: input.name, productId: input.productId ?? null })
      .where(eq(questionBanks.id, id));
    await recordAudit(tx, actor, { entity: 'questionBank', entityId: id, action: 'update', before, after: input });
  });
  return bankById(db, id);
}

/** A bank a test draws from is kept (IN_USE); its questions go with it. */
export async function deleteBank(db: Db, actor: Actor, id: number): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const [gone] = await tx.delete(questionBanks).where(eq(questionBanks.id, id)).returning();
      if (!gone) throw notFound();
      await recordAudit(tx, actor, { entity: 'questionBank', entityId: id, action: 'delete', before: gone });
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError('IN_USE');
    throw error;
  }
}

// ---------- questions ----------
const questionColumns = {
  id: questions.id,
  bankId: questions.bankId,
  kind: questions.kind,
  text: questions.text,
  options: questions.options,
  accepted: questions.accepted,
  active: questions.active,
};

export async function listQuestions(db: Db, bankId: number): Promise<{ items: Question[] }> {
  await bankById(db, bankId);
  return { items: await db.select(questionColumns).from(questions).where(eq(questions.bankId, bankId)).orderBy(asc(questions.id)) };
}

async function questionById(db: Db, id: number): Promise<Question> {
  const [q] = await db.select(questionColumns).from(questions).where(eq(questions.id, id));
  if (!q) throw notFound();
  return q;
}

/** Options are numbered 1…n in the order written; a short question keeps none, a choice question no accepted answers. */
function questionValues(input: z.output<typeof saveQuestionBody>) {
  const short = input.kind === 'short';
  return {
    bankId: input.bankId,
    kind: input.kind,
    text: input.text,
    options: short ? [] : input.options.map((o, i) => ({ id: i + 1, text: o.text, correct: o.correct })),
    accepted: short ? input.accepted : [],
    active: input.active,
  };
}

async function checkBank(db: Tx, bankId: number) {
  const [bank] = await db.select({ id: questionBanks.id }).from(questionBanks).where(eq(questionBanks.id, bankId));
  if (!bank) throw fieldError('VALIDATION_FAILED', 'bankId', 'invalidOption');
}

export async function createQuestion(db: Db, actor: Actor, input: z.output<typeof saveQuestionBody>): Promise<Question> {
  const id = await db.transaction(async (tx) => {
    await checkBank(tx, input.bankId);
    const [row] = await tx.insert(questions).values(questionValues(input)).returning({ id: questions.id });
    await recordAudit(tx, actor, { entity: 'question', entityId: row!.id, action: 'create', after: input });
    return row!.id;
  });
  return questionById(db, id);
}

export async function updateQuestion(db: Db, actor: Actor, id: number, input: z.output<typeof saveQuestionBody>): Promise<Question> {
  await db.transaction(async (tx) => {
    await checkBank(tx, input.bankId);
    const [before] = await tx.select().from(questions).where(eq(questions.id, id)).for('update');
    if (!before) throw notFound();
    await tx.update(questions).set(questionValues(input)).where(eq(questions.id, id));
    await recordAudit(tx, actor, { entity: 'question', entityId: id, action: 'update', before, after: input });
  });
  return questionById(db, id);
}

/** A question already answered in an attempt is kept (IN_USE): make it inactive instead. */
export async function deleteQuestion(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(questions).where(eq(questions.id, id)).for('update');
    if (!before) throw notFound();
    const [drawn] = await tx
      .select({ id: testAttempts.id })
      .from(testAttempts)
      .where(sql`${testAttempts.questions} @> ${JSON.stringify([{ questionId: id }])}::jsonb`)
      .limit(1);
    if (drawn) throw new AppError('IN_USE');
    await tx.delete(questions).where(eq(questions.id, id));
    await recordAudit(tx, actor, { entity: 'question', entityId: id, action: 'delete', before });
  });
}

// ---------- tests ----------
const testColumns = {
  id: tests.id,
  title: tests.title,
  bankIds: sql<number[]>`coalesce((select array_agg(tb.bank_id order by tb.bank_id) from ${testBanks} tb where tb.test_id = ${tests.id}), '{}')`,
  questionCount: tests.questionCount,
  timeLimitMinutes: tests.timeLimitMinutes,
  passMark: tests.passMark,
  attemptsAllowed: tests.attemptsAllowed,
  roles: tests.roles,
  userIds: tests.userIds,
  dueDate: tests.dueDate,
  active: tests.active,
  attemptCount: sql<number>`(select count(*)::int from ${testAttempts} a where a.test_id = ${tests.id})`,
};

export async function listTests(db: Db): Promise<{ items: TestDefinition[] }> {
  return { items: await db.select(testColumns).from(tests).orderBy(asc(tests.id)) };
}

export async function testById(db: Db, id: number): Promise<TestDefinition> {
  const [test] = await db.select(testColumns).from(tests).where(eq(tests.id, id));
  if (!test) throw notFound();
  return test;
}

/** The banks must exist and hold, together, at least as many active questions as the test draws. */
async function saveBanks(tx: Tx, testId: number, input: z.output<typeof saveTestBody>) {
  const bankIds = [...new Set(input.bankIds)];
  const found = await tx.select({ id: questionBanks.id }).from(questionBanks).where(inArray(questionBanks.id, bankIds));
  if (found.length !== bankIds.length) throw fieldError('VALIDATION_FAILED', 'bankIds', 'invalidOption');
  const [available] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(questions)
    .where(and(inArray(questions.bankId, bankIds), eq(questions.active, true)));
  if (Number(available?.n) < input.questionCount) throw new AppError('TEST_NOT_ENOUGH_QUESTIONS', { fields: { questionCount: 'tooBig' } });
  await tx.delete(testBanks).where(eq(testBanks.testId, testId));
  await tx.insert(testBanks).values(bankIds.map((bankId) => ({ testId, bankId })));
}

const testValues = (input: z.output<typeof saveTestBody>) => ({
  title: input.title,
  questionCount: input.questionCount,
  timeLimitMinutes: input.timeLimitMinutes,
  passMark: input.passMark,
  attemptsAllowed: input.attemptsAllowed,
  roles: [...new Set(input.roles)],
  userIds: [...new Set(input.userIds)],
  dueDate: input.dueDate ?? null,
  active: input.active,
});

export async function createTest(db: Db, actor: Actor, input: z.output<typeof saveTestBody>): Promise<TestDefinition> {
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(tests)
      .values({ ...testValues(input), createdBy: actor.id })
      .returning({ id: tests.id });
    await saveBanks(tx, row!.id, input);
    await recordAudit(tx, actor, { entity: 'test', entityId: row!.id, action: 'create', after: input });
    return row!.id;
  });
  return testById(db, id);
}

/** A change applies to the attempts started after it; the ones taken keep their questions. */
export async function updateTest(db: Db, actor: Actor, id: number, input: z.output<typeof saveTestBody>): Promise<TestDefinition> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(tests).where(eq(tests.id, id)).for('update');
    if (!before) throw notFound();
    await tx.update(tests).set(testValues(input)).where(eq(tests.id, id));
    await saveBanks(tx, id, input);
    await recordAudit(tx, actor, { entity: 'test', entityId: id, action: 'update', before, after: input });
  });
  return testById(db, id);
}

/** A test somebody has taken keeps its results (IN_USE): make it inactive instead. */
export async function deleteTest(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(tests).where(eq(tests.id, id)).for('update');
    if (!before) throw notFound();
    const [taken] = await tx.select({ id: testAttempts.id }).from(testAttempts).where(eq(testAttempts.testId, id)).limit(1);
    if (taken) throw new AppError('IN_USE');
    await tx.delete(tests).where(eq(tests.id, id));
    await recordAudit(tx, actor, { entity: 'test', entityId: id, action: 'delete', before });
  });
}
