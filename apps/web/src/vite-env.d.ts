/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Leaflet tile URL template used when the server does not say (GET /api/geocode/config answers MAP_TILE_URL) */
  readonly VITE_MAP_TILE_URL?: string;
  readonly VITE_MAP_TILE_ATTRIBUTION?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
