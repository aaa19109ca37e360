// The public entry of the visit feature: what other features may use of it (the lint's boundary rule).
export { useVisit } from './api/get-visit';
export { useVisitOrder } from './api/get-visit-order';
export { GeolocationAlert } from './components/geolocation-alert';
export { QuantityStepper } from './components/quantity-stepper';
export { SaveError } from './components/save-error';
export { activeReservations } from './visit-rules';
