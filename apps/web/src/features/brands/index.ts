// The public entry of the brands feature: what other features may use of it (the lint's boundary rule).
export { useBrandOptions } from './api/get-brand-options';
