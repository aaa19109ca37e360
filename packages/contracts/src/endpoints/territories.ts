/** Endpoints of territories (filled in as its routes move to the table). */
export const territoriesEndpoints = {};
