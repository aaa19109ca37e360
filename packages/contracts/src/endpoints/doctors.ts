/** Endpoints of doctors (filled in as its routes move to the table). */
export const doctorsEndpoints = {};
