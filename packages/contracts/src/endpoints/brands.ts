/** Endpoints of brands (filled in as its routes move to the table). */
export const brandsEndpoints = {};
