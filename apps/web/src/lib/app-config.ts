import { queryOptions, useQuery } from '@tanstack/react-query';
import { defaultSupportPhone } from '@pharma/contracts';
import { api } from './api-client';

/** The public settings (GET /api/app-config): asked once, before or after sign-in. */
export const appConfigQueryOptions = () =>
  queryOptions({ queryKey: ['app-config'], queryFn: ({ signal }) => api.appConfig.get({ signal }), staleTime: Infinity, retry: 1 });

/** The support phone to show: the server's SUPPORT_PHONE, the product's default while it is not known. */
export function useSupportPhone(): string {
  return useQuery(appConfigQueryOptions()).data?.supportPhone ?? defaultSupportPhone;
}
