import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, orgUnit, saveOrgUnitBody } from '@pharma/contracts';
import type { OrgUnitKind } from './org-units.table.js';
import { deleteOrgUnit, listOrgUnits, saveOrgUnit } from './org-units.service.js';

/** Settings → departments, Settings → branches: the same routes for either kind. */
export const orgUnitRoutes =
  (kind: OrgUnitKind): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = [kind];
    app.get('/', { config: { access: 'signedIn' }, schema: { tags, summary: `All ${kind}`, response: { 200: z.array(orgUnit) } } }, () =>
      listOrgUnits(app.db, kind),
    );
    app.post(
      '/',
      { config: { access: 'settings.edit' }, schema: { tags, summary: `Create`, body: saveOrgUnitBody, response: { 201: orgUnit } } },
      async (req, reply) => reply.status(201).send(await saveOrgUnit(app.db, req.actor, kind, req.body)),
    );
    app.put(
      '/:id',
      { config: { access: 'settings.edit' }, schema: { tags, summary: `Edit`, params: idParam, body: saveOrgUnitBody, response: { 200: orgUnit } } },
      (req) => saveOrgUnit(app.db, req.actor, kind, req.body, req.params.id),
    );
    app.delete(
      '/:id',
      { config: { access: 'settings.delete' }, schema: { tags, summary: `Delete`, params: idParam, response: { 204: z.null() } } },
      async (req, reply) => {
        await deleteOrgUnit(app.db, req.actor, kind, req.params.id);
        return reply.status(204).send(null);
      },
    );
  };
