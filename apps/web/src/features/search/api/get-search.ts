import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { isOrderNumberQuery, searchMinLength, type SearchKind } from '@pharma/contracts';
import { api } from '../../../lib/api-client';

export interface SearchParams {
  q: string;
  limit?: number;
  kinds?: SearchKind[];
}

/** Whether a typed text is a query the server takes: 4 characters, or the digits of an order's number. */
export const isSearchable = (q: string) => {
  const text = q.trim();
  return text.length >= searchMinLength || (text.length > 0 && isOrderNumberQuery(text));
};

export const searchQueryOptions = ({ q, limit, kinds }: SearchParams) =>
  queryOptions({
    queryKey: ['search', q.trim(), limit ?? null, kinds?.join(',') ?? null],
    queryFn: ({ signal }) => api.search.search({ query: { q: q.trim(), limit, kinds: kinds?.join(',') }, signal }),
    placeholderData: keepPreviousData,
    enabled: isSearchable(q),
  });

/** Global search: organizations, doctors, products, orders and users the user may view, grouped by kind. */
export function useGlobalSearch(params: SearchParams) {
  return useQuery(searchQueryOptions(params));
}
