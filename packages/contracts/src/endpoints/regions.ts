/** Endpoints of regions (filled in as its routes move to the table). */
export const regionsEndpoints = {};
