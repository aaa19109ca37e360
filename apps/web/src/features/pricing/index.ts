// The public entry of the pricing feature: what other features may use of it (the lint's boundary rule).
export { useTradeSettings } from './api/get-trade-settings';
