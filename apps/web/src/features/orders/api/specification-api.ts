import { useQuery } from '@tanstack/react-query';
import type { Language, OrderSpecification } from '@pharma/contracts';
import { api } from '../../../lib/api-client';

export const getSpecification = (id: number, signal?: AbortSignal) => api.get<OrderSpecification>(`/orders/${id}/specification`, { signal });

/** An order's specification (/print): the order, the distributor's and the client's details, the totals. */
export function useSpecification(id: number) {
  return useQuery({ queryKey: ['orders', 'specification', id], queryFn: ({ signal }) => getSpecification(id, signal), enabled: id > 0 });
}

/** The specification as a file in the interface language, fetched with the session's token. */
export const downloadSpecification = (id: number, format: 'xlsx' | 'pdf', lang: Language) =>
  api.download(`/orders/${id}/specification.${format}`, { query: { lang }, fallbackName: `specification-${id}.${format}` });
