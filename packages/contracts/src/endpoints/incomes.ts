/** Endpoints of incomes (filled in as its routes move to the table). */
export const incomesEndpoints = {};
