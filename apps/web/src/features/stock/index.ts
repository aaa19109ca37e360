// The public entry of the stock feature: what other features may use of it (the lint's boundary rule).
export { useStockByProduct } from './api/get-stock-by-product';
export { ExpiryCell, stockRowClass } from './components/stock-state-tag';
export { offlineStockQueryOptions, useKeptStock } from './api/get-offline-stock';
export { keptStockByProduct, type KeptProductStock } from './kept-stock';
