import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@pharma/contracts';
import { serve } from '../../platform/endpoints.js';
import { getTradeSettings, saveTradeSettings } from './pricing.service.js';

const { settings } = endpoints.pricing;

/** Settings → prepayments and markups. Everybody who prices an order reads them; administrators change them. */
export const pricingRoutes: FastifyPluginAsync = async (app) => {
  serve(app, settings.get, () => getTradeSettings(app.db));
  serve(app, settings.save, (req) => saveTradeSettings(app.db, req.actor, req.body));
};
