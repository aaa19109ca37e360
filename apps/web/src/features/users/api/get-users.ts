import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListUsersQuery } from '@pharma/contracts';
import { api } from '../../../lib/api-client';

export type UsersParams = ListUsersQuery & { page: number; size: number };

export const getUsers = (params: UsersParams, signal?: AbortSignal) => api.users.list({ query: params, signal });

export const usersQueryOptions = (params: UsersParams) =>
  queryOptions({ queryKey: ['users', 'list', params], queryFn: ({ signal }) => getUsers(params, signal), placeholderData: keepPreviousData });

/** The staff list: paged, sorted, filtered on the server. */
export function useUsers(params: UsersParams) {
  return useQuery(usersQueryOptions(params));
}
