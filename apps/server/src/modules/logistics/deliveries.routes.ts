import type { FastifyPluginAsync } from 'fastify';
import { endpoints, maxWaybillPhotoChars } from '@pharma/contracts';
import { serve } from '../../platform/endpoints.js';
import { actionTimeOf } from '../../platform/offline/offline-writes.js';
import { getDelivery, listDeliveries, listDeliveryRoutes } from './deliveries.service.js';
import { cancelDelivery, createDelivery, listShippable, reorderStops } from './delivery-plan.service.js';
import { warehouseStep } from './delivery-steps.service.js';
import { deliverPartly, deliverStop, refuseStop } from './stop-outcomes.service.js';
import { getStopPhoto, shareCourierPosition, uploadStopPhoto } from './stop-photos.service.js';
import { listFacts } from './facts.service.js';
import { exportFacts } from './facts.xlsx.js';
import { requestLanguage } from '../../platform/error-handler.js';

const { deliveries } = endpoints.logistics;

export const deliveriesRoutes: FastifyPluginAsync = async (app) => {
  serve(app, deliveries.list, (req) => listDeliveries(app.db, req.actor, req.query));
  serve(app, deliveries.map, (req) => listDeliveryRoutes(app.db, req.actor, req.query));
  serve(app, deliveries.shippable, (req) => listShippable(app.db, req.actor));
  serve(app, deliveries.facts, (req) => listFacts(app.db, req.actor, req.query));
  serve(app, deliveries.exportFacts, (req, reply) => exportFacts(reply, app.db, req.actor, req.query, requestLanguage(req)));
  serve(app, deliveries.get, (req) => getDelivery(app.db, req.actor, req.params.id));
  serve(app, deliveries.create, (req) => createDelivery(app.db, req.actor, req.body));
  serve(app, deliveries.delete, (req) => cancelDelivery(app.db, req.actor, req.params.id));
  serve(app, deliveries.reorderStops, (req) => reorderStops(app.db, req.actor, req.params.id, req.body.stopIds));
  serve(app, deliveries.warehouseStep, (req) => warehouseStep(app.db, req.actor, req.params.id, req.body.step));
  serve(app, deliveries.deliverStop, (req) => deliverStop(app.db, req.actor, req.params.id, req.params.stopId, req.body, actionTimeOf(req).at));
  serve(app, deliveries.deliverPartly, (req) => deliverPartly(app.db, req.actor, req.params.id, req.params.stopId, req.body, actionTimeOf(req).at));
  serve(app, deliveries.refuseStop, (req) => refuseStop(app.db, req.actor, req.params.id, req.params.stopId, req.body, actionTimeOf(req).at));
  serve(app, deliveries.uploadStopPhoto, (req) => uploadStopPhoto(app.db, req.actor, req.params.id, req.params.stopId, req.body), {
    // base64 of a photo up to 5 MB, and the JSON around it
    bodyLimit: maxWaybillPhotoChars + 64 * 1024,
  });
  serve(app, deliveries.stopPhoto, async (req, reply) => {
    const photo = await getStopPhoto(app.db, req.actor, req.params.id, req.params.stopId);
    return reply.header('content-type', photo.contentType).header('cache-control', 'private, max-age=300').send(photo.data);
  });
  serve(app, deliveries.sharePosition, (req) => shareCourierPosition(app.db, req.actor, req.params.id, req.body));
};
