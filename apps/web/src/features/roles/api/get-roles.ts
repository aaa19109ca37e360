import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getRoles = (signal?: AbortSignal) => api.roles.list({ signal });

export const rolesQueryOptions = () => queryOptions({ queryKey: ['roles'], queryFn: ({ signal }) => getRoles(signal) });

/** Every role with its data scope, rights and head count. */
export function useRoles() {
  return useQuery(rolesQueryOptions());
}
