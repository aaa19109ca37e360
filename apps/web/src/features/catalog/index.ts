// The public entry of the catalog feature: what other features may use of it (the lint's boundary rule).
export { CategorySelect } from './components/category-select';
export { ProducerSelect } from './components/producer-select';
export { ProductLabel, productTitle } from './components/product-label';
export { ProductSelect } from './components/product-select';
export { offlineCatalogQueryOptions } from './api/get-products';
