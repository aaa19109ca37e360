import { endpoint } from '../common/endpoint.js';
import { publicConfig } from '../app-config.js';

/** The settings a screen needs before sign-in. */
export const appConfigEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/app-config',
    access: 'public',
    summary: 'Public settings: the support phone (login page and footer)',
    answer: publicConfig,
  }),
};
