import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@pharma/contracts';
import { serve } from '../../platform/endpoints.js';
import { findDuplicates, getOrganization, listOrganizations, nearbyOrganizations } from './organizations.service.js';
import {
  createOrganization,
  deleteOrganization,
  saveDeliveryAddress,
  saveLocation,
  setFavoriteOrganization,
  updateOrganization,
} from './organization-writes.service.js';
import { blacklistHistory, blockOrganization, listBlocked, unblockOrganization } from './blacklist.service.js';

const organizations = endpoints.organizations;

export const organizationsRoutes: FastifyPluginAsync = async (app) => {
  serve(app, organizations.list, (req) => listOrganizations(app.db, req.actor, req.query));
  serve(app, organizations.nearby, (req) => nearbyOrganizations(app.db, req.actor, req.query));
  serve(app, organizations.checkDuplicates, async (req) => ({ items: await findDuplicates(app.db, req.actor, req.body) }));
  serve(app, organizations.blocked, (req) => listBlocked(app.db, req.actor, req.query));
  serve(app, organizations.get, (req) => getOrganization(app.db, req.actor, req.params.id));
  serve(app, organizations.create, (req) => createOrganization(app.db, req.actor, req.body));
  serve(app, organizations.update, (req) => updateOrganization(app.db, req.actor, req.params.id, req.body));
  serve(app, organizations.saveLocation, (req) => saveLocation(app.db, req.actor, req.params.id, req.body));
  serve(app, organizations.saveDeliveryAddress, (req) => saveDeliveryAddress(app.db, req.actor, req.params.id, req.body));
  serve(app, organizations.delete, (req) => deleteOrganization(app.db, req.actor, req.params.id));
  serve(app, organizations.block, (req) => blockOrganization(app.db, req.actor, req.params.id, req.body));
  serve(app, organizations.unblock, (req) => unblockOrganization(app.db, req.actor, req.params.id));
  serve(app, organizations.blacklistHistory, (req) => blacklistHistory(app.db, req.actor, req.params.id));
  serve(app, organizations.addFavorite, (req) => setFavoriteOrganization(app.db, req.actor, req.params.id, true));
  serve(app, organizations.removeFavorite, (req) => setFavoriteOrganization(app.db, req.actor, req.params.id, false));
};
