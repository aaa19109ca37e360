import { hrefOf } from '../../lib/paths';

/** /orders-item takes the order by a query parameter (the spec's route has none). */
export const orderItemPath = (id: number) => hrefOf('ordersItem', {}, { id });
