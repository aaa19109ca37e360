/** Endpoints of app-config (filled in as its routes move to the table). */
export const appConfigEndpoints = {};
