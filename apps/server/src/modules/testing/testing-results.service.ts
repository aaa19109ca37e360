import { and, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Paged, TeamResult, WeakQuestion, teamResultsQuery, weakQuestionsQuery } from '@pharma/contracts';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { inScope } from '../../platform/scope.js';
import { isoInstant } from '../../platform/sql.js';
import { users } from '../users/users.table.js';
import { questions, testAnswers, testAttempts, tests } from './testing.table.js';
import { finishOverdueAttempts } from './testing-attempts.service.js';

/** Finished attempts of the people in the actor's scope (a chief: the team), newest first. */
export async function teamResults(db: Db, actor: Actor, query: z.output<typeof teamResultsQuery>): Promise<Paged<TeamResult>> {
  await finishOverdueAttempts(db);
  const where = and(
    isNotNull(testAttempts.finishedAt),
    inScope(actor, testAttempts.userId),
    query.testId ? eq(testAttempts.testId, query.testId) : undefined,
    query.userId ? eq(testAttempts.userId, query.userId) : undefined,
    query.passed ? eq(testAttempts.passed, query.passed === 'yes') : undefined,
  );
  const [items, [total]] = await Promise.all([
    db
      .select({
        attemptId: testAttempts.id,
        testId: testAttempts.testId,
        title: tests.title,
        userId: testAttempts.userId,
        userName: users.fullName,
        startedAt: isoInstant(testAttempts.startedAt),
        finishedAt: isoInstant(testAttempts.finishedAt),
        score: sql<number>`coalesce(${testAttempts.score}, 0)`,
        passed: sql<boolean>`coalesce(${testAttempts.passed}, false)`,
      })
      .from(testAttempts)
      .innerJoin(tests, eq(tests.id, testAttempts.testId))
      .innerJoin(users, eq(users.id, testAttempts.userId))
      .where(where)
      .orderBy(desc(testAttempts.finishedAt), desc(testAttempts.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ n: count() }).from(testAttempts).where(where),
  ]);
  return { items: items.map((i) => ({ ...i, score: Number(i.score) })), total: total?.n ?? 0, page: query.page, size: query.size };
}

/**
 * Weak questions: per question answered in the finished attempts in scope, the share answered wrong
 * (less than full credit; an unanswered question counts as wrong), the weakest first.
 */
export async function weakQuestions(db: Db, actor: Actor, query: z.output<typeof weakQuestionsQuery>): Promise<{ items: WeakQuestion[] }> {
  await finishOverdueAttempts(db);
  const wrong = sql<number>`count(*) filter (where ${testAnswers.credit} < 1)::int`;
  const answered = sql<number>`count(*)::int`;
  const rows = await db
    .select({ questionId: questions.id, kind: questions.kind, text: questions.text, answered, wrong })
    .from(testAnswers)
    .innerJoin(testAttempts, eq(testAttempts.id, testAnswers.attemptId))
    .innerJoin(questions, eq(questions.id, testAnswers.questionId))
    .where(
      and(
        isNotNull(testAttempts.finishedAt),
        isNotNull(testAnswers.credit),
        inScope(actor, testAttempts.userId),
        query.testId ? eq(testAttempts.testId, query.testId) : undefined,
      ),
    )
    .groupBy(questions.id)
    .orderBy(sql`${wrong}::float / count(*) desc`, desc(answered), questions.id)
    .limit(50);
  return { items: rows.map((r) => ({ ...r, wrongShare: r.answered ? Math.round((r.wrong / r.answered) * 1000) / 1000 : 0 })) };
}
