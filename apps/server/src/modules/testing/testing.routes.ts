import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@pharma/contracts';
import { serve } from '../../platform/endpoints.js';
import {
  createBank,
  createQuestion,
  createTest,
  deleteBank,
  deleteQuestion,
  deleteTest,
  listBanks,
  listQuestions,
  listTests,
  updateBank,
  updateQuestion,
  updateTest,
} from './testing-manage.service.js';
import { answerQuestion, getAttempt, myTests, startAttempt, submitAttempt } from './testing-attempts.service.js';
import { teamResults, weakQuestions } from './testing-results.service.js';

const e = endpoints.testing;

export const testingRoutes: FastifyPluginAsync = async (app) => {
  serve(app, e.banks.list, () => listBanks(app.db));
  serve(app, e.banks.create, (req) => createBank(app.db, req.actor, req.body));
  serve(app, e.banks.update, (req) => updateBank(app.db, req.actor, req.params.id, req.body));
  serve(app, e.banks.remove, (req) => deleteBank(app.db, req.actor, req.params.id));
  serve(app, e.banks.questions, (req) => listQuestions(app.db, req.params.id));
  serve(app, e.questions.create, (req) => createQuestion(app.db, req.actor, req.body));
  serve(app, e.questions.update, (req) => updateQuestion(app.db, req.actor, req.params.id, req.body));
  serve(app, e.questions.remove, (req) => deleteQuestion(app.db, req.actor, req.params.id));
  serve(app, e.tests.list, () => listTests(app.db));
  serve(app, e.tests.create, (req) => createTest(app.db, req.actor, req.body));
  serve(app, e.tests.update, (req) => updateTest(app.db, req.actor, req.params.id, req.body));
  serve(app, e.tests.remove, (req) => deleteTest(app.db, req.actor, req.params.id));
  serve(app, e.my, (req) => myTests(app.db, req.actor));
  serve(app, e.start, async (req, reply) => {
    const { attempt, created } = await startAttempt(app.db, req.actor, req.params.id);
    if (!created) reply.code(200);
    return attempt;
  });
  serve(app, e.attempt, (req) => getAttempt(app.db, req.actor, req.params.id));
  serve(app, e.answer, (req) => answerQuestion(app.db, req.actor, req.params.id, req.params.questionId, req.body));
  serve(app, e.submit, (req) => submitAttempt(app.db, req.actor, req.params.id));
  serve(app, e.results, (req) => teamResults(app.db, req.actor, req.query));
  serve(app, e.weakQuestions, (req) => weakQuestions(app.db, req.actor, req.query));
};
