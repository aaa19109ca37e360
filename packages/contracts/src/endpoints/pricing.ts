import { endpoint } from '../common/endpoint.js';
import { saveTradeSettingsBody, tradeSettings } from '../pricing.js';

/** Settings → prepayments and markups. Everybody who prices an order reads them; administrators change them. */
export const pricingEndpoints = {
  settings: {
    get: endpoint({
      method: 'GET',
      path: '/pricing/settings',
      access: 'signedIn',
      summary: 'Prepayments and markups: VAT, default markups by client type and category, prepayment, short-dated days',
      answer: tradeSettings,
    }),
    save: endpoint({
      method: 'PUT',
      path: '/pricing/settings',
      access: 'settings.edit',
      summary: 'Save prepayments and markups',
      body: saveTradeSettingsBody,
      answer: tradeSettings,
    }),
  },
};
