/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Leaflet tile URL template used when the server does not say (GET /api/geocode/config answers MAP_TILE_URL) */
  readonly VITE_MAP_TILE_URL?: string;
  readonly VITE_MAP_TILE_ATTRIBUTION?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** The routes of the contracts' endpoint table, derived at build time (api-routes-plugin.ts, decision 041). */
declare module 'virtual:api-routes' {
  import type { Endpoints, RouteTable } from '@pharma/contracts';
  export const routes: RouteTable<Endpoints>;
}
