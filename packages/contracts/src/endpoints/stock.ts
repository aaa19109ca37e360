/** Endpoints of stock (filled in as its routes move to the table). */
export const stockEndpoints = {};
