// The public entry of the regions feature: what other features may use of it (the lint's boundary rule).
export { useRegions } from './api/get-regions';
export { LocalizedNameFields } from './components/localized-name-fields';
export { RegionFieldSelect } from './components/region-field-select';
