// The public entry of the org-units feature: what other features may use of it (the lint's boundary rule).
export { useOrgUnits } from './api/get-org-units';
