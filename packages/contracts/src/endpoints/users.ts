/** Endpoints of users (filled in as its routes move to the table). */
export const usersEndpoints = {};
