import { z } from 'zod';
import { endpoint } from '../common/endpoint.js';
import { idParam } from '../common/paging.js';
import { roleSchema } from '../common/permissions.js';
import { createUserBody, listUsersQuery, updateUserBody, user, userList, userOption } from '../users.js';

/** The staff: Settings → users. */
export const usersEndpoints = {
  list: endpoint({ method: 'GET', path: '/users', access: 'users.view', summary: 'Staff list', query: listUsersQuery, answer: userList }),
  options: endpoint({
    method: 'GET',
    path: '/users/options',
    access: 'signedIn',
    summary: 'Active users in scope, for pick-lists',
    query: z.object({ role: roleSchema.optional() }),
    answer: z.array(userOption),
  }),
  get: endpoint({ method: 'GET', path: '/users/:id', access: 'users.view', summary: 'One user', params: idParam, answer: user }),
  create: endpoint({ method: 'POST', path: '/users', access: 'users.edit', summary: 'Create a user', body: createUserBody, answer: user, status: 201 }),
  update: endpoint({ method: 'PUT', path: '/users/:id', access: 'users.edit', summary: 'Edit a user', params: idParam, body: updateUserBody, answer: user }),
  deactivate: endpoint({
    method: 'POST',
    path: '/users/:id/deactivate',
    access: 'users.edit',
    summary: 'Deactivate a user account',
    params: idParam,
    answer: user,
  }),
  activate: endpoint({ method: 'POST', path: '/users/:id/activate', access: 'users.edit', summary: 'Activate a user account', params: idParam, answer: user }),
};
