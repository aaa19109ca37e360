import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { desktopKeys } from './keys';

/** GET /api/desktop/order-queue: open orders by status. */
export const useOrderQueue = (enabled = true) =>
  useQuery({ queryKey: desktopKeys.orderQueue, queryFn: ({ signal }) => api.desktop.orderQueue({ signal }), enabled });
