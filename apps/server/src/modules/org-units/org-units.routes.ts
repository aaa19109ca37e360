import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@pharma/contracts';
import { serve } from '../../platform/endpoints.js';
import type { OrgUnitKind } from './org-units.table.js';
import { deleteOrgUnit, listOrgUnits, saveOrgUnit } from './org-units.service.js';

/** Settings → departments, Settings → branches: the same routes for either kind. */
export const orgUnitRoutes =
  (kind: OrgUnitKind): FastifyPluginAsync =>
  async (app) => {
    const e = endpoints.orgUnits[kind];
    serve(app, e.list, () => listOrgUnits(app.db, kind));
    serve(app, e.create, (req) => saveOrgUnit(app.db, req.actor, kind, req.body));
    serve(app, e.update, (req) => saveOrgUnit(app.db, req.actor, kind, req.body, req.params.id));
    serve(app, e.delete, (req) => deleteOrgUnit(app.db, req.actor, kind, req.params.id));
  };
