import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';
import type * as Contracts from '@pharma/contracts';

const id = 'virtual:api-routes';
const resolvedId = `\0${id}`;
const contracts = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../packages/contracts/src');

/**
 * `virtual:api-routes`: the method and path of every endpoint of the contracts' table, derived when the
 * app is built (decision 041). The client calls the API from it, so no zod schema travels to a phone
 * before a form needs one; the endpoints table stays the one source of truth.
 */
export function apiRoutes(): Plugin {
  return {
    name: 'pharma:api-routes',
    resolveId: (source) => (source === id ? resolvedId : undefined),
    async load(loaded) {
      if (loaded !== resolvedId) return undefined;
      // a change of the table reloads the module in development
      this.addWatchFile(path.join(contracts, 'endpoints'));
      const { endpoints, routeTableOf } = (await tsImport(path.join(contracts, 'index.ts'), import.meta.url)) as typeof Contracts;
      return `export const routes = ${JSON.stringify(routeTableOf(endpoints))};`;
    },
  };
}
