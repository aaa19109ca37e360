import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getOrganization = (id: number, signal?: AbortSignal) => api.organizations.get({ params: { id }, signal });

export const organizationQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['organizations', 'detail', id], queryFn: ({ signal }) => getOrganization(id, signal) });

export function useOrganization(id: number | null | undefined) {
  return useQuery({ ...organizationQueryOptions(id ?? 0), enabled: !!id && id > 0 });
}
