import { randomInt } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { attemptGraceSeconds, attemptScore, questionCredit, type answerBody, type Attempt, type MyTest } from '@pharma/contracts';
import { queryRows, type Db, type Tx } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { AppError, fieldError, notFound } from '../../platform/errors.js';
import { inScope } from '../../platform/scope.js';
import { isoInstant } from '../../platform/sql.js';
import { users } from '../users/users.table.js';
import { questions, testAnswers, testAttempts, testBanks, tests, type DrawnQuestion, type QuestionAsDrawn } from './testing.table.js';

const grace = sql.raw(`interval '${attemptGraceSeconds} seconds'`);
/** An attempt past its deadline and the grace: finished on the next look, its answers as they were. */
const overdue = sql`${testAttempts.finishedAt} is null and ${testAttempts.deadline} + ${grace} < now()`;
/** A test is the actor's when it is active and assigned to their role or to them. */
const assignedTo = (actor: Actor) => and(eq(tests.active, true), sql`(${actor.role} = any(${tests.roles}) or ${actor.id} = any(${tests.userIds}))`);

type AttemptRow = typeof testAttempts.$inferSelect;

/** The drawn question as the attempt saw it (its copy), or as it is now for an attempt drawn before copies were kept. */
function questionOf(drawn: DrawnQuestion, current: Map<number, QuestionAsDrawn & { id: number }>): (QuestionAsDrawn & { id: number }) | undefined {
  if (drawn.asDrawn) return { id: drawn.questionId, ...drawn.asDrawn };
  return current.get(drawn.questionId);
}

/** Scores an attempt: every drawn question gets an answer row with its credit (unanswered: empty, 0). */
async function finishAttempt(tx: Tx, attempt: AttemptRow): Promise<void> {
  const ids = attempt.questions.filter((q) => !q.asDrawn).map((q) => q.questionId);
  const qs = ids.length ? await tx.select().from(questions).where(inArray(questions.id, ids)) : [];
  const answers = await tx.select().from(testAnswers).where(eq(testAnswers.attemptId, attempt.id));
  const [test] = await tx.select({ passMark: tests.passMark }).from(tests).where(eq(tests.id, attempt.testId));
  const byId = new Map(qs.map((q) => [q.id, q]));
  const answerOf = new Map(answers.map((a) => [a.questionId, a]));
  const credits: number[] = [];
  for (const drawn of attempt.questions) {
    const q = questionOf(drawn, byId);
    const answer = answerOf.get(drawn.questionId) ?? null;
    const credit = q ? questionCredit(q, answer) : 0;
    credits.push(credit);
    if (!q) continue;
    await tx
      .insert(testAnswers)
      .values({ attemptId: attempt.id, questionId: drawn.questionId, credit })
      .onConflictDoUpdate({ target: [testAnswers.attemptId, testAnswers.questionId], set: { credit } });
  }
  const score = attemptScore(credits);
  await tx
    .update(testAttempts)
    .set({ finishedAt: sql`least(now(), ${testAttempts.deadline})`, score, passed: score >= (test?.passMark ?? 100) })
    .where(eq(testAttempts.id, attempt.id));
}

/** Finishes the overdue attempts (of one user, or of everybody): nobody waits for a timer on the server. */
async function finishOverdue(db: Db, userId?: number): Promise<void> {
  const due = await db
    .select({ id: testAttempts.id })
    .from(testAttempts)
    .where(and(overdue, userId ? eq(testAttempts.userId, userId) : undefined));
  for (const { id } of due) {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(testAttempts)
        .where(and(eq(testAttempts.id, id), overdue))
        .for('update');
      if (row) await finishAttempt(tx, row);
    });
  }
}
export const finishOverdueAttempts = finishOverdue;

/** My tests: those assigned to me, with my best result, my attempts used and left, and an attempt still open. */
export async function myTests(db: Db, actor: Actor): Promise<{ items: MyTest[] }> {
  await finishOverdue(db, actor.id);
  const mine = sql`a.test_id = ${tests.id} and a.user_id = ${actor.id}`;
  const rows = await db
    .select({
      id: tests.id,
      title: tests.title,
      questionCount: tests.questionCount,
      timeLimitMinutes: tests.timeLimitMinutes,
      passMark: tests.passMark,
      attemptsAllowed: tests.attemptsAllowed,
      attemptsUsed: sql<number>`(select count(*)::int from ${testAttempts} a where ${mine})`,
      bestScore: sql<number | null>`(select max(a.score) from ${testAttempts} a where ${mine})`,
      passed: sql<boolean>`exists (select 1 from ${testAttempts} a where ${mine} and a.passed)`,
      dueDate: tests.dueDate,
      openAttemptId: sql<number | null>`(select a.id from ${testAttempts} a where ${mine} and a.finished_at is null order by a.id desc limit 1)`,
      lastAttemptId: sql<number | null>`(select a.id from ${testAttempts} a where ${mine} and a.finished_at is not null order by a.id desc limit 1)`,
    })
    .from(tests)
    .where(assignedTo(actor))
    .orderBy(sql`${tests.dueDate} nulls last`, tests.id);
  return {
    items: rows.map((r) => ({
      ...r,
      bestScore: r.bestScore === null ? null : Number(r.bestScore),
      // an open attempt is one used
      attemptsLeft: Math.max(0, r.attemptsAllowed - r.attemptsUsed),
    })),
  };
}

function shuffle<T>(items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * Starts an attempt: the questions drawn at random from the test's banks, each choice question's options
 * shuffled; the deadline is now + the time limit. An attempt still open is resumed (created: false);
 * the n+1-th start of a test allowing n is refused (TEST_ATTEMPTS_EXHAUSTED).
 */
export async function startAttempt(db: Db, actor: Actor, testId: number): Promise<{ attempt: Attempt; created: boolean }> {
  await finishOverdue(db, actor.id);
  const { id, created } = await db.transaction(async (tx) => {
    const [test] = await tx
      .select()
      .from(tests)
      .where(and(eq(tests.id, testId), assignedTo(actor)));
    if (!test) throw notFound();
    // one start at a time per user and test: two clicks never make two attempts
    await tx.execute(sql`select pg_advisory_xact_lock(${testId}, ${actor.id})`);
    const mine = await tx
      .select({ id: testAttempts.id, finishedAt: testAttempts.finishedAt })
      .from(testAttempts)
      .where(and(eq(testAttempts.testId, testId), eq(testAttempts.userId, actor.id)));
    const open = mine.find((a) => a.finishedAt === null);
    if (open) return { id: open.id, created: false };
    if (mine.length >= test.attemptsAllowed) throw new AppError('TEST_ATTEMPTS_EXHAUSTED');
    const drawn = await tx
      .select({ id: questions.id, kind: questions.kind, text: questions.text, options: questions.options, accepted: questions.accepted })
      .from(questions)
      .where(
        and(eq(questions.active, true), inArray(questions.bankId, tx.select({ id: testBanks.bankId }).from(testBanks).where(eq(testBanks.testId, testId)))),
      )
      .orderBy(sql`random()`)
      .limit(test.questionCount);
    if (drawn.length === 0) throw new AppError('TEST_NOT_ENOUGH_QUESTIONS');
    const picked: DrawnQuestion[] = drawn.map(({ id, ...asDrawn }) => ({ questionId: id, optionIds: shuffle(asDrawn.options.map((o) => o.id)), asDrawn }));
    const [row] = await tx
      .insert(testAttempts)
      .values({
        testId,
        userId: actor.id,
        questions: picked,
        deadline: sql`now() + make_interval(mins => ${test.timeLimitMinutes})`,
      })
      .returning({ id: testAttempts.id });
    return { id: row!.id, created: true };
  });
  return { attempt: await getAttempt(db, actor, id), created };
}

/** The actor's own attempt, locked; refused once finished, finished (and refused) once past its deadline and grace. */
async function openAttemptForUpdate(tx: Tx, actor: Actor, id: number): Promise<{ row: AttemptRow; late: boolean }> {
  const [row] = await tx
    .select()
    .from(testAttempts)
    .where(and(eq(testAttempts.id, id), eq(testAttempts.userId, actor.id)))
    .for('update');
  if (!row) throw notFound();
  if (row.finishedAt) throw new AppError('TEST_ATTEMPT_FINISHED');
  const [late] = await queryRows<{ late: boolean }>(tx, sql`select ${row.deadline.toISOString()}::timestamptz + ${grace} < now() as late`);
  return { row, late: !!late?.late };
}

/**
 * Saves the answer to one question of an open attempt (replacing an earlier one). After the deadline and
 * its grace the attempt is finished with the answers it had, and this one is refused (TEST_TIME_UP).
 */
export async function answerQuestion(db: Db, actor: Actor, id: number, questionId: number, input: z.output<typeof answerBody>): Promise<void> {
  const late = await db.transaction(async (tx) => {
    const { row, late } = await openAttemptForUpdate(tx, actor, id);
    if (late) {
      await finishAttempt(tx, row);
      return true;
    }
    const drawn = row.questions.find((q) => q.questionId === questionId);
    if (!drawn) throw notFound();
    const optionIds = [...new Set(input.optionIds)];
    if (optionIds.some((o) => !drawn.optionIds.includes(o))) throw fieldError('VALIDATION_FAILED', 'optionIds', 'invalidOption');
    await tx
      .insert(testAnswers)
      .values({ attemptId: id, questionId, optionIds, text: input.text })
      .onConflictDoUpdate({
        target: [testAnswers.attemptId, testAnswers.questionId],
        set: { optionIds, text: input.text, answeredAt: sql`now()` },
      });
    return false;
  });
  if (late) throw new AppError('TEST_TIME_UP');
}

/** Finishes the attempt now and scores it; the answer is the result, with the right answers. */
export async function submitAttempt(db: Db, actor: Actor, id: number): Promise<Attempt> {
  await db.transaction(async (tx) => {
    const { row } = await openAttemptForUpdate(tx, actor, id);
    await finishAttempt(tx, row);
  });
  return getAttempt(db, actor, id);
}

/**
 * An attempt: one's own at any time (while open: the questions without a sign of the right answers),
 * or a finished one of somebody in the actor's scope. The right answers come only with a finished attempt.
 */
export async function getAttempt(db: Db, actor: Actor, id: number): Promise<Attempt> {
  await finishOverdue(db, actor.id);
  const [row] = await db
    .select({
      id: testAttempts.id,
      testId: testAttempts.testId,
      title: tests.title,
      userId: testAttempts.userId,
      userName: users.fullName,
      passMark: tests.passMark,
      startedAt: isoInstant(testAttempts.startedAt),
      deadline: isoInstant(testAttempts.deadline),
      finishedAt: sql<string | null>`case when ${testAttempts.finishedAt} is null then null else ${isoInstant(testAttempts.finishedAt)} end`,
      finished: sql<boolean>`${testAttempts.finishedAt} is not null`,
      score: testAttempts.score,
      passed: testAttempts.passed,
      drawn: testAttempts.questions,
    })
    .from(testAttempts)
    .innerJoin(tests, eq(tests.id, testAttempts.testId))
    .innerJoin(users, eq(users.id, testAttempts.userId))
    .where(
      and(
        eq(testAttempts.id, id),
        sql`(${testAttempts.userId} = ${actor.id} or (${testAttempts.finishedAt} is not null and ${inScope(actor, testAttempts.userId) ?? sql`true`}))`,
      ),
    );
  if (!row) throw notFound();
  const ids = row.drawn.filter((q) => !q.asDrawn).map((q) => q.questionId);
  const [qs, answers] = await Promise.all([
    ids.length ? db.select().from(questions).where(inArray(questions.id, ids)) : Promise.resolve([]),
    db.select().from(testAnswers).where(eq(testAnswers.attemptId, id)),
  ]);
  const byId = new Map(qs.map((q) => [q.id, q]));
  const answerOf = new Map(answers.map((a) => [a.questionId, a]));
  const { drawn, finished, ...attempt } = row;
  return {
    ...attempt,
    score: attempt.score === null ? null : Number(attempt.score),
    questions: drawn.flatMap((d) => {
      const q = questionOf(d, byId);
      if (!q) return [];
      const optionOf = new Map(q.options.map((o) => [o.id, o]));
      const answer = answerOf.get(d.questionId);
      const given = answer && (answer.optionIds.length > 0 || answer.text !== '') ? { optionIds: answer.optionIds, text: answer.text } : null;
      return [
        {
          questionId: q.id,
          kind: q.kind,
          text: q.text,
          // only the id and the text of each option: whether it is right stays on the server
          options: d.optionIds.flatMap((o) => {
            const option = optionOf.get(o);
            return option ? [{ id: option.id, text: option.text }] : [];
          }),
          answer: given,
          ...(finished
            ? {
                result: {
                  credit: answer?.credit ?? 0,
                  correct: (answer?.credit ?? 0) >= 1,
                  correctOptionIds: q.options.filter((o) => o.correct).map((o) => o.id),
                  acceptedAnswers: q.accepted,
                },
              }
            : {}),
        },
      ];
    }),
  };
}
