/** Endpoints of orders (filled in as its routes move to the table). */
export const ordersEndpoints = {};
