import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  courierPositionBody,
  createDeliveryBody,
  deliverPartlyBody,
  maxWaybillPhotoChars,
  uploadStopPhotoBody,
  refuseStopBody,
  deliverStopBody,
  delivery,
  deliveryList,
  deliveryMapList,
  idParam,
  listDeliveriesQuery,
  reorderStopsBody,
  warehouseStepBody,
  deliveryFacts,
  deliveryFactsQuery,
  queryId,
  shippableOrder,
} from '@pharma/contracts';
import {
  cancelDelivery,
  createDelivery,
  deliverStop,
  getDelivery,
  listDeliveries,
  listDeliveryRoutes,
  listShippable,
  reorderStops,
  warehouseStep,
} from './deliveries.service.js';
import { deliverPartly, refuseStop } from './stop-outcomes.service.js';
import { getStopPhoto, shareCourierPosition, uploadStopPhoto } from './stop-photos.service.js';
import { listFacts } from './facts.service.js';
import { exportFacts } from './facts.xlsx.js';
import { requestLanguage } from '../../platform/error-handler.js';

const stopParams = idParam.extend({ stopId: queryId() });

const tags = ['logistics'];
const view = { access: 'logistics.view' as const };
const edit = { access: 'logistics.edit' as const };

export const deliveriesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: view,
      schema: {
        tags,
        summary: 'Deliveries in scope by tab (active, completed) and dates; a courier sees their own',
        querystring: listDeliveriesQuery,
        response: { 200: deliveryList },
      },
    },
    (req) => listDeliveries(app.db, req.actor, req.query),
  );
  app.get(
    '/map',
    {
      config: view,
      schema: {
        tags,
        summary: "The same page of deliveries, each with its route: the warehouse's point and the stops in route order (/delivery)",
        querystring: listDeliveriesQuery,
        response: { 200: deliveryMapList },
      },
    },
    (req) => listDeliveryRoutes(app.db, req.actor, req.query),
  );
  app.get(
    '/shippable',
    {
      config: view,
      schema: {
        tags,
        summary: "The wizard's pick-list: orders approved for shipment in no delivery yet, with their point and weight",
        response: { 200: z.array(shippableOrder) },
      },
    },
    (req) => listShippable(app.db, req.actor),
  );
  app.get(
    '/facts',
    {
      config: view,
      schema: {
        tags,
        summary: 'Delivered facts: closed stops by the date they were closed, each with its share of the delivery cost; totals per courier and car',
        querystring: deliveryFactsQuery,
        response: { 200: deliveryFacts },
      },
    },
    (req) => listFacts(app.db, req.actor, req.query),
  );
  app.get(
    '/facts.xlsx',
    { config: view, schema: { tags, summary: 'Delivered facts as .xlsx (same filters, every page)', querystring: deliveryFactsQuery } },
    (req, reply) => exportFacts(reply, app.db, req.actor, req.query, requestLanguage(req)),
  );
  app.get(
    '/:id',
    { config: view, schema: { tags, summary: 'One delivery with its stops in route order', params: idParam, response: { 200: delivery } } },
    (req) => getDelivery(app.db, req.actor, req.params.id),
  );
  app.post(
    '/',
    {
      config: edit,
      schema: {
        tags,
        summary: 'The shipments wizard: orders approved for shipment into one delivery, routed from the warehouse, with its cost',
        body: createDeliveryBody,
        response: { 201: delivery },
      },
    },
    async (req, reply) => reply.status(201).send(await createDelivery(app.db, req.actor, req.body)),
  );
  app.delete(
    '/:id',
    {
      config: edit,
      schema: { tags, summary: 'Take a planned delivery apart; its orders stay approved for shipment', params: idParam, response: { 204: z.null() } },
    },
    async (req, reply) => {
      await cancelDelivery(app.db, req.actor, req.params.id);
      return reply.status(204).send(null);
    },
  );
  app.put(
    '/:id/stops/order',
    {
      config: edit,
      schema: { tags, summary: 'Re-order the stops by hand; distance and cost follow', params: idParam, body: reorderStopsBody, response: { 200: delivery } },
    },
    (req) => reorderStops(app.db, req.actor, req.params.id, req.body.stopIds),
  );
  app.post(
    '/:id/warehouse-step',
    {
      config: edit,
      schema: {
        tags,
        summary: "The warehouse's step (assemble, ready, hand over), moving every order of the delivery",
        params: idParam,
        body: warehouseStepBody,
        response: { 200: delivery },
      },
    },
    (req) => warehouseStep(app.db, req.actor, req.params.id, req.body.step),
  );
  app.post(
    '/:id/stops/:stopId/deliver',
    {
      config: edit,
      schema: {
        tags,
        summary: "The courier's proof of delivery at a stop (position, accuracy, recipient); the order becomes delivered",
        params: stopParams,
        body: deliverStopBody,
        response: { 200: delivery },
      },
    },
    (req) => deliverStop(app.db, req.actor, req.params.id, req.params.stopId, req.body),
  );
  app.post(
    '/:id/stops/:stopId/deliver-partly',
    {
      config: edit,
      schema: {
        tags,
        summary: 'Delivered in part: the quantities the client took; the rest goes back to stock and the order is repriced and delivered',
        params: stopParams,
        body: deliverPartlyBody,
        response: { 200: delivery },
      },
    },
    (req) => deliverPartly(app.db, req.actor, req.params.id, req.params.stopId, req.body),
  );
  app.post(
    '/:id/stops/:stopId/refuse',
    {
      config: edit,
      schema: {
        tags,
        summary: 'Refused at the door (reason required): the order is cancelled and its goods go back to stock',
        params: stopParams,
        body: refuseStopBody,
        response: { 200: delivery },
      },
    },
    (req) => refuseStop(app.db, req.actor, req.params.id, req.params.stopId, req.body),
  );
  app.post(
    '/:id/stops/:stopId/photo',
    {
      config: edit,
      // base64 of a photo up to 5 MB, and the JSON around it
      bodyLimit: maxWaybillPhotoChars + 64 * 1024,
      schema: {
        tags,
        summary:
          "The photo of the signed waybill (JPEG or PNG up to 5 MB, base64), by the delivery's courier while the stop is pending; required before delivered",
        params: stopParams,
        body: uploadStopPhotoBody,
        response: { 200: delivery },
      },
    },
    (req) => uploadStopPhoto(app.db, req.actor, req.params.id, req.params.stopId, req.body),
  );
  app.get(
    '/:id/stops/:stopId/photo',
    { config: view, schema: { tags, summary: 'The waybill photo of a stop (the image itself), for whoever sees the delivery', params: stopParams } },
    async (req, reply) => {
      const photo = await getStopPhoto(app.db, req.actor, req.params.id, req.params.stopId);
      return reply.header('content-type', photo.contentType).header('cache-control', 'private, max-age=300').send(photo.data);
    },
  );
  app.post(
    '/:id/position',
    {
      config: edit,
      schema: {
        tags,
        summary: "The courier shares their position while their delivery is active (the operator's map)",
        params: idParam,
        body: courierPositionBody,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await shareCourierPosition(app.db, req.actor, req.params.id, req.body);
      return reply.status(204).send(null);
    },
  );
};
