/** Endpoints of roles (filled in as its routes move to the table). */
export const rolesEndpoints = {};
