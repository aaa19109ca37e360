import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { defaultPageSize, type ListOrganizationsQuery, type OrganizationType } from '@pharma/contracts';
import { api } from '../../../lib/api-client';

export type OrganizationsParams = Omit<ListOrganizationsQuery, 'type' | 'page' | 'after' | 'blocked' | 'favorite'> & {
  type?: readonly OrganizationType[];
  blocked?: boolean;
  favorite?: boolean;
};

/** A yes/no filter as the query says it; left out when not set. */
const flag = (value: boolean | undefined) => (value === undefined ? undefined : value ? 'true' : 'false');

export const getOrganizations = (params: OrganizationsParams & { after?: string }, signal?: AbortSignal) =>
  api.organizations.list({ query: { ...params, type: params.type?.join(','), blocked: flag(params.blocked), favorite: flag(params.favorite) }, signal });

export const organizationsQueryOptions = (params: OrganizationsParams) =>
  infiniteQueryOptions({
    queryKey: ['organizations', 'list', params],
    queryFn: ({ pageParam, signal }) => getOrganizations({ ...params, after: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });

/** The first chunk of the user's favorite organizations as /favorite-pharmacies asks for it (a rep's day keeps it on the phone). */
export const favoriteOrganizationsQueryOptions = () => organizationsQueryOptions({ favorite: true, size: defaultPageSize });

/** Organizations with infinite scroll: each next chunk continues from the previous one's cursor (keyset paging). */
export function useOrganizations(params: OrganizationsParams, options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...organizationsQueryOptions(params), enabled: options.enabled ?? true });
}
