import { pathOf } from '../../app/nav-registry';

/** /orders-item takes the order by a query parameter (the spec's route has none). */
export const orderItemPath = (id: number) => `${pathOf('ordersItem')}?id=${id}`;
