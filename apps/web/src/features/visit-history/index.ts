// The public entry of the visit-history feature: what other features may use of it (the lint's boundary rule).
export { visitHistoryPaths } from './paths';
