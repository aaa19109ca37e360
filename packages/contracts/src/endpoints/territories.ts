import { endpoint } from '../common/endpoint.js';
import { idParam } from '../common/paging.js';
import { saveTerritoriesBody, userTerritories } from '../territories.js';

/** A user's territories (regions or districts), under /users: they are part of the staff record. */
export const territoriesEndpoints = {
  mine: endpoint({ method: 'GET', path: '/users/me/territories', access: 'signedIn', summary: "The signed-in user's territories", answer: userTerritories }),
  get: endpoint({
    method: 'GET',
    path: '/users/:id/territories',
    access: 'users.view',
    summary: "A user's territories (regions or districts)",
    params: idParam,
    answer: userTerritories,
  }),
  save: endpoint({
    method: 'PUT',
    path: '/users/:id/territories',
    access: 'users.edit',
    summary: "Replace a user's territories (Settings → Staff)",
    params: idParam,
    body: saveTerritoriesBody,
    answer: userTerritories,
  }),
};
