/** Endpoints of account (filled in as its routes move to the table). */
export const accountEndpoints = {};
