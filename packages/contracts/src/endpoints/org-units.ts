import { z } from 'zod';
import { endpoint } from '../common/endpoint.js';
import { idParam } from '../common/paging.js';
import { orgUnit, saveOrgUnitBody } from '../departments.js';

/** Settings → departments and Settings → branches: the same calls for either kind. */
const orgUnitEndpoints = <K extends 'departments' | 'branches'>(kind: K) => ({
  list: endpoint({ method: 'GET', path: `/${kind}`, access: 'signedIn', summary: `All ${kind}`, answer: z.array(orgUnit) }),
  create: endpoint({
    method: 'POST',
    path: `/${kind}`,
    access: 'settings.edit',
    summary: `Create one of the ${kind}`,
    body: saveOrgUnitBody,
    answer: orgUnit,
    status: 201,
  }),
  update: endpoint({
    method: 'PUT',
    path: `/${kind}/:id`,
    access: 'settings.edit',
    summary: `Edit one of the ${kind}`,
    params: idParam,
    body: saveOrgUnitBody,
    answer: orgUnit,
  }),
  delete: endpoint({ method: 'DELETE', path: `/${kind}/:id`, access: 'settings.delete', summary: `Delete one of the ${kind}`, params: idParam, answer: null }),
});

export const orgUnitsEndpoints = { departments: orgUnitEndpoints('departments'), branches: orgUnitEndpoints('branches') };
