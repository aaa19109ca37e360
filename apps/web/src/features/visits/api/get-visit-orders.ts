import { useQuery } from '@tanstack/react-query';
import { getOrders } from '../../orders';

/** The orders taken from a visit (GET /api/orders?visitId=): the completed visit shows them instead of offering another. */
export function useVisitOrders(visitId: number, enabled = true) {
  const params = { visitId, page: 1, size: 25 };
  return useQuery({ queryKey: ['orders', 'list', params], queryFn: ({ signal }) => getOrders(params, signal), enabled: enabled && visitId > 0 });
}
