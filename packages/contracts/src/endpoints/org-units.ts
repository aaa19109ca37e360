/** Endpoints of org-units (filled in as its routes move to the table). */
export const orgUnitsEndpoints = {};
