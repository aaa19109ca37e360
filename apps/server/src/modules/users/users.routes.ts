import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createUserBody, idParam, listUsersQuery, roleSchema, updateUserBody, user, userList, userOption } from '@pharma/contracts';
import { createUser, getUser, listUsers, setUserActive, updateUser, userOptions } from './users.service.js';

const tags = ['staff'];

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', { config: { access: 'users.view' }, schema: { tags, summary: 'Staff list', querystring: listUsersQuery, response: { 200: userList } } }, (req) =>
    listUsers(app.db, req.actor, req.query),
  );
  app.get(
    '/options',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Active users in scope, for pick-lists',
        querystring: z.object({ role: roleSchema.optional() }),
        response: { 200: z.array(userOption) },
      },
    },
    (req) => userOptions(app.db, req.actor, req.query.role),
  );
  app.get('/:id', { config: { access: 'users.view' }, schema: { tags, summary: 'One user', params: idParam, response: { 200: user } } }, (req) =>
    getUser(app.db, req.actor, req.params.id),
  );
  app.post(
    '/',
    { config: { access: 'users.edit' }, schema: { tags, summary: 'Create a user', body: createUserBody, response: { 201: user } } },
    async (req, reply) => reply.status(201).send(await createUser(app.db, req.actor, req.body)),
  );
  app.put(
    '/:id',
    { config: { access: 'users.edit' }, schema: { tags, summary: 'Edit a user', params: idParam, body: updateUserBody, response: { 200: user } } },
    (req) => updateUser(app.db, req.actor, req.params.id, req.body),
  );
  app.post(
    '/:id/deactivate',
    { config: { access: 'users.edit' }, schema: { tags, summary: 'Deactivate a user account', params: idParam, response: { 200: user } } },
    (req) => setUserActive(app.db, req.actor, req.params.id, false),
  );
  app.post(
    '/:id/activate',
    { config: { access: 'users.edit' }, schema: { tags, summary: 'Activate a user account', params: idParam, response: { 200: user } } },
    (req) => setUserActive(app.db, req.actor, req.params.id, true),
  );
};
