/** Endpoints of warehouses (filled in as its routes move to the table). */
export const warehousesEndpoints = {};
