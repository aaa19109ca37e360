import { useQuery } from '@tanstack/react-query';
import type { Language } from '@pharma/contracts';
import { api, saveDownload } from '../../../lib/api-client';

export const getSpecification = (id: number, signal?: AbortSignal) => api.orders.specification.get({ params: { id }, signal });

/** An order's specification (/print): the order, the distributor's and the client's details, the totals. */
export function useSpecification(id: number) {
  return useQuery({ queryKey: ['orders', 'specification', id], queryFn: ({ signal }) => getSpecification(id, signal), enabled: id > 0 });
}

/** The specification as a file in the interface language, fetched with the session's token. */
export const downloadSpecification = async (id: number, format: 'xlsx' | 'pdf', lang: Language) =>
  saveDownload(await api.orders.specification[format]({ params: { id }, query: { lang } }), `specification-${id}.${format}`);
