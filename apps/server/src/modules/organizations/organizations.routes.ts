import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  blacklistHistoryEntry,
  blockedOrganizationList,
  blockOrganizationBody,
  checkDuplicatesBody,
  duplicatesResponse,
  idParam,
  listBlockedQuery,
  listOrganizationsQuery,
  nearbyQuery,
  nearbyResponse,
  organization,
  organizationList,
  saveDeliveryAddressBody,
  saveLocationBody,
  saveOrganizationBody,
} from '@pharma/contracts';
import {
  createOrganization,
  deleteOrganization,
  findDuplicates,
  getOrganization,
  listOrganizations,
  nearbyOrganizations,
  saveDeliveryAddress,
  saveLocation,
  setFavoriteOrganization,
  updateOrganization,
} from './organizations.service.js';
import { blacklistHistory, blockOrganization, listBlocked, unblockOrganization } from './blacklist.service.js';

const tags = ['organizations'];

export const organizationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: 'organizations.view' },
      schema: {
        tags,
        summary:
          'Organizations (/references, /favorite-pharmacies, /point-visit): filters, search in either script, paging or a keyset cursor, distance from a point',
        querystring: listOrganizationsQuery,
        response: { 200: organizationList },
      },
    },
    (req) => listOrganizations(app.db, req.actor, req.query),
  );
  app.get(
    '/nearby',
    {
      config: { access: 'organizations.view' },
      schema: { tags, summary: 'Organizations within 200 m of a point, nearest first', querystring: nearbyQuery, response: { 200: nearbyResponse } },
    },
    (req) => nearbyOrganizations(app.db, req.actor, req.query),
  );
  app.post(
    '/check-duplicates',
    {
      config: { access: 'organizations.view' },
      schema: {
        tags,
        summary: 'Likely duplicates (same inn, or a similar name within 50 m) to show before saving',
        body: checkDuplicatesBody,
        response: { 200: duplicatesResponse },
      },
    },
    async (req) => ({ items: await findDuplicates(app.db, req.actor, req.body) }),
  );
  app.get(
    '/blacklist',
    {
      config: { access: 'organizations.view' },
      schema: { tags, summary: 'Blocked organizations', querystring: listBlockedQuery, response: { 200: blockedOrganizationList } },
    },
    (req) => listBlocked(app.db, req.actor, req.query),
  );
  app.get(
    '/:id',
    { config: { access: 'organizations.view' }, schema: { tags, summary: 'One organization', params: idParam, response: { 200: organization } } },
    (req) => getOrganization(app.db, req.actor, req.params.id),
  );
  app.post(
    '/',
    {
      config: { access: 'organizations.edit' },
      schema: {
        tags,
        summary: 'Add an organization (409 LIKELY_DUPLICATE unless confirmDuplicate)',
        body: saveOrganizationBody,
        response: { 201: organization },
      },
    },
    async (req, reply) => reply.status(201).send(await createOrganization(app.db, req.actor, req.body)),
  );
  app.put(
    '/:id',
    {
      config: { access: 'organizations.edit' },
      schema: { tags, summary: 'Edit an organization', params: idParam, body: saveOrganizationBody, response: { 200: organization } },
    },
    (req) => updateOrganization(app.db, req.actor, req.params.id, req.body),
  );
  app.put(
    '/:id/location',
    {
      config: { access: 'organizations.edit' },
      schema: {
        tags,
        summary: 'Region, district, address and map point (/add-address)',
        params: idParam,
        body: saveLocationBody,
        response: { 200: organization },
      },
    },
    (req) => saveLocation(app.db, req.actor, req.params.id, req.body),
  );
  app.put(
    '/:id/delivery-address',
    {
      config: { access: 'organizations.edit' },
      schema: {
        tags,
        summary: 'Delivery address and map point (/add-delivery-address)',
        params: idParam,
        body: saveDeliveryAddressBody,
        response: { 200: organization },
      },
    },
    (req) => saveDeliveryAddress(app.db, req.actor, req.params.id, req.body),
  );
  app.delete(
    '/:id',
    {
      config: { access: 'organizations.delete' },
      schema: { tags, summary: 'Delete an organization nothing refers to', params: idParam, response: { 204: z.null() } },
    },
    async (req, reply) => {
      await deleteOrganization(app.db, req.actor, req.params.id);
      return reply.status(204).send(null);
    },
  );
  app.post(
    '/:id/block',
    {
      config: { access: 'organizations.edit' },
      schema: { tags, summary: 'Put on the blacklist, with a reason', params: idParam, body: blockOrganizationBody, response: { 200: organization } },
    },
    (req) => blockOrganization(app.db, req.actor, req.params.id, req.body),
  );
  app.post(
    '/:id/unblock',
    { config: { access: 'organizations.edit' }, schema: { tags, summary: 'Take off the blacklist', params: idParam, response: { 200: organization } } },
    (req) => unblockOrganization(app.db, req.actor, req.params.id),
  );
  app.get(
    '/:id/blacklist',
    {
      config: { access: 'organizations.view' },
      schema: { tags, summary: 'Every blocking of the organization, newest first', params: idParam, response: { 200: z.array(blacklistHistoryEntry) } },
    },
    (req) => blacklistHistory(app.db, req.actor, req.params.id),
  );
  app.put(
    '/:id/favorite',
    {
      config: { access: 'organizations.view' },
      schema: { tags, summary: "Add to the user's favorite pharmacies", params: idParam, response: { 204: z.null() } },
    },
    async (req, reply) => {
      await setFavoriteOrganization(app.db, req.actor, req.params.id, true);
      return reply.status(204).send(null);
    },
  );
  app.delete(
    '/:id/favorite',
    {
      config: { access: 'organizations.view' },
      schema: { tags, summary: "Remove from the user's favorite pharmacies", params: idParam, response: { 204: z.null() } },
    },
    async (req, reply) => {
      await setFavoriteOrganization(app.db, req.actor, req.params.id, false);
      return reply.status(204).send(null);
    },
  );
};
