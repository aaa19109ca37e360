/** Endpoints of visits (filled in as its routes move to the table). */
export const visitsEndpoints = {};
