// The public entry of the logistics feature: what other features may use of it (the lint's boundary rule).
export { useDeliveries } from './api/deliveries-api';
export { useDistanceText } from './components/delivery-parts';
export { useDeliveryRights } from './delivery-rights';
