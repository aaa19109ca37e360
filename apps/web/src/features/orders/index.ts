// The public entry of the orders feature: what other features may use of it (the lint's boundary rule).
export { getOrders, useOrders } from './api/orders-api';
export { OrderStatusTag } from './components/order-status-tag';
export { orderItemPath } from './paths';
