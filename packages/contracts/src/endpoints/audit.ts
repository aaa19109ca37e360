/** Endpoints of audit (filled in as its routes move to the table). */
export const auditEndpoints = {};
