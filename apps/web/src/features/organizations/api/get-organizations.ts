import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { ListOrganizationsQuery, OrganizationList, OrganizationType } from '@pharma/contracts';
import { api } from '../../../lib/api-client';

export type OrganizationsParams = Omit<ListOrganizationsQuery, 'type' | 'page' | 'after' | 'blocked' | 'favorite'> & {
  type?: readonly OrganizationType[];
  blocked?: boolean;
  favorite?: boolean;
};

export const getOrganizations = (params: OrganizationsParams & { after?: string }, signal?: AbortSignal) =>
  api.get<OrganizationList>('/organizations', {
    query: { ...params, type: params.type?.join(','), blocked: params.blocked, favorite: params.favorite } as Record<
      string,
      string | number | boolean | undefined
    >,
    signal,
  });

export const organizationsQueryOptions = (params: OrganizationsParams) =>
  infiniteQueryOptions({
    queryKey: ['organizations', 'list', params],
    queryFn: ({ pageParam, signal }) => getOrganizations({ ...params, after: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });

/** Organizations with infinite scroll: each next chunk continues from the previous one's cursor (keyset paging). */
export function useOrganizations(params: OrganizationsParams, options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...organizationsQueryOptions(params), enabled: options.enabled ?? true });
}
