/** Query parameters as the API client takes them (undefined ones are left out). */
export const asQuery = (params: object) => params as Record<string, string | number | boolean | undefined>;
