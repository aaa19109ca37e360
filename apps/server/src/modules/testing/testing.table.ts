import { sql } from 'drizzle-orm';
import { pgTable, serial, text, integer, boolean, timestamp, date, index, jsonb, check, real, primaryKey } from 'drizzle-orm/pg-core';
import type { QuestionKind, Role, TestText } from '@pharma/contracts';
import { users } from '../users/users.table.js';
import { products } from '../catalog/catalog.table.js';

/** A bank of questions on one product or topic (issue 19 item 3). */
export const questionBanks = pgTable('question_banks', {
  id: serial('id').primaryKey(),
  name: jsonb('name').$type<TestText>().notNull(),
  productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** An option of a choice question; its id is stable within the question (answers name it). */
export interface StoredOption {
  id: number;
  text: TestText;
  correct: boolean;
}

export const questions = pgTable(
  'questions',
  {
    id: serial('id').primaryKey(),
    bankId: integer('bank_id')
      .notNull()
      .references(() => questionBanks.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<QuestionKind>().notNull(),
    text: jsonb('text').$type<TestText>().notNull(),
    options: jsonb('options')
      .$type<StoredOption[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** short answers accepted (compared by shortAnswerKey) */
    accepted: text('accepted')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('questions_bank_idx').on(t.bankId), check('questions_kind_check', sql`${t.kind} in ('single', 'multiple', 'short')`)],
);

export const tests = pgTable(
  'tests',
  {
    id: serial('id').primaryKey(),
    title: jsonb('title').$type<TestText>().notNull(),
    /** drawn at random from the banks for each attempt */
    questionCount: integer('question_count').notNull(),
    timeLimitMinutes: integer('time_limit_minutes').notNull(),
    /** percent */
    passMark: integer('pass_mark').notNull(),
    attemptsAllowed: integer('attempts_allowed').notNull(),
    /** assigned to everyone of these roles … */
    roles: text('roles')
      .array()
      .$type<Role[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** … and to these users */
    userIds: integer('user_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    dueDate: date('due_date', { mode: 'string' }),
    active: boolean('active').notNull().default(true),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('tests_pass_mark_check', sql`${t.passMark} between 1 and 100`),
    check('tests_counts_check', sql`${t.questionCount} > 0 and ${t.timeLimitMinutes} > 0 and ${t.attemptsAllowed} > 0`),
  ],
);

export const testBanks = pgTable(
  'test_banks',
  {
    testId: integer('test_id')
      .notNull()
      .references(() => tests.id, { onDelete: 'cascade' }),
    bankId: integer('bank_id')
      .notNull()
      .references(() => questionBanks.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.testId, t.bankId] }), index('test_banks_bank_idx').on(t.bankId)],
);

/** A question as it stood when drawn: what the attempt is shown and scored by, whatever later edits change. */
export interface QuestionAsDrawn {
  kind: QuestionKind;
  text: TestText;
  options: StoredOption[];
  accepted: string[];
}

/**
 * A question drawn for an attempt, with its options in the order shown and a copy of the question then
 * (attempts drawn before copies were kept read the question as it is now).
 */
export interface DrawnQuestion {
  questionId: number;
  optionIds: number[];
  asDrawn?: QuestionAsDrawn;
}

export const testAttempts = pgTable(
  'test_attempts',
  {
    id: serial('id').primaryKey(),
    testId: integer('test_id')
      .notNull()
      .references(() => tests.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questions: jsonb('questions').$type<DrawnQuestion[]>().notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** percent, one decimal */
    score: real('score'),
    passed: boolean('passed'),
  },
  (t) => [
    index('test_attempts_user_idx').on(t.userId, t.testId),
    index('test_attempts_test_idx').on(t.testId, t.finishedAt),
    index('test_attempts_open_idx')
      .on(t.deadline)
      .where(sql`${t.finishedAt} is null`),
  ],
);

export const testAnswers = pgTable(
  'test_answers',
  {
    attemptId: integer('attempt_id')
      .notNull()
      .references(() => testAttempts.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    optionIds: integer('option_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    text: text('text').notNull().default(''),
    /** 0…1, set when the attempt finishes */
    credit: real('credit'),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.questionId] }), index('test_answers_question_idx').on(t.questionId)],
);
