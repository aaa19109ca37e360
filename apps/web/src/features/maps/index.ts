// The public entry of the maps feature: what other features may use of it (the lint's boundary rule).
export { useReverseGeocode } from './api/reverse-geocode';
export { AddressSearch } from './components/address-search';
