// The public entry of the warehouses feature: what other features may use of it (the lint's boundary rule).
export { useWarehouses } from './api/get-warehouses';
export { WarehouseSelect } from './components/warehouse-select';
