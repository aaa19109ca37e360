// The public entry of the territories feature: what other features may use of it (the lint's boundary rule).
export { useMyTerritories } from './api/get-my-territories';
