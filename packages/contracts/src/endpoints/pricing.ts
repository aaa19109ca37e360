/** Endpoints of pricing (filled in as its routes move to the table). */
export const pricingEndpoints = {};
