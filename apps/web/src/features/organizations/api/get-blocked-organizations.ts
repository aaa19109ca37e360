import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrganizationType } from '@pharma/contracts';
import { api } from '../../../lib/api-client';

export interface BlockedParams {
  page: number;
  size: number;
  sort?: string;
  q?: string;
  type?: readonly OrganizationType[];
  regionId?: number;
  districtId?: number;
}

export const getBlockedOrganizations = (params: BlockedParams, signal?: AbortSignal) =>
  api.organizations.blocked({ query: { ...params, type: params.type?.join(',') }, signal });

export const blockedOrganizationsQueryOptions = (params: BlockedParams) =>
  queryOptions({
    queryKey: ['organizations', 'blacklist', params],
    queryFn: ({ signal }) => getBlockedOrganizations(params, signal),
    placeholderData: keepPreviousData,
  });

/** The blocked organizations screen: reason, creator, block date. */
export function useBlockedOrganizations(params: BlockedParams) {
  return useQuery(blockedOrganizationsQueryOptions(params));
}
