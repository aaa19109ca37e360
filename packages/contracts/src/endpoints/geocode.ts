/** Endpoints of geocode (filled in as its routes move to the table). */
export const geocodeEndpoints = {};
