import { endpoint } from '../common/endpoint.js';
import { globalSearchAnswer, globalSearchQuery } from '../search.js';

/** Global search (/search, the header's Ctrl+K). */
export const searchEndpoints = {
  search: endpoint({
    method: 'GET',
    path: '/search',
    access: 'signedIn',
    summary: 'Search organizations, doctors, products, orders and users at once',
    description:
      'Every kind the user may view (organizations and doctors: organizations.view; products: stock.view; orders: orders.view; users: users.view), within their data scope, grouped by kind. A kind without the right is left out, never a 403.',
    query: globalSearchQuery,
    answer: globalSearchAnswer,
  }),
};
