/** Endpoints of organizations (filled in as its routes move to the table). */
export const organizationsEndpoints = {};
