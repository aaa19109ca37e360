import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { saveTradeSettingsBody, tradeSettings } from '@pharma/contracts';
import { getTradeSettings, saveTradeSettings } from './pricing.service.js';

/** Settings → prepayments and markups. Everybody who prices an order reads them; administrators change them. */
export const pricingRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['settings'];
  app.get(
    '/settings',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Prepayments and markups: VAT, default markups by client type and category, prepayment, short-dated days',
        response: { 200: tradeSettings },
      },
    },
    () => getTradeSettings(app.db),
  );
  app.put(
    '/settings',
    {
      config: { access: 'settings.edit' },
      schema: { tags, summary: 'Save prepayments and markups', body: saveTradeSettingsBody, response: { 200: tradeSettings } },
    },
    (req) => saveTradeSettings(app.db, req.actor, req.body),
  );
};
