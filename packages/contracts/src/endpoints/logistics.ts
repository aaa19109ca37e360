/** Endpoints of logistics (filled in as its routes move to the table). */
export const logisticsEndpoints = {};
