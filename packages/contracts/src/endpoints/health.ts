/** Endpoints of health (filled in as its routes move to the table). */
export const healthEndpoints = {};
