// Every table of the product: each module keeps its own *.table.ts; this file only gathers them
// for Drizzle and drizzle-kit. A new domain adds one line.
export * from '../platform/audit/audit.table.js';
export * from '../modules/roles/roles.table.js';
export * from '../modules/regions/regions.table.js';
export * from '../modules/org-units/org-units.table.js';
export * from '../modules/users/users.table.js';
export * from '../modules/catalog/catalog.table.js';
export * from '../modules/warehouses/warehouses.table.js';
export * from '../modules/incomes/incomes.table.js';
export * from '../modules/stock/stock.table.js';
export * from '../modules/stock/reservations.table.js';
export * from '../modules/pricing/pricing.table.js';
export * from '../modules/territories/territories.table.js';
export * from '../modules/brands/brands.table.js';
export * from '../modules/organizations/organizations.table.js';
export * from '../modules/organizations/blacklist.table.js';
export * from '../modules/doctors/doctors.table.js';
export * from '../modules/visits/visits.table.js';
export * from '../modules/orders/orders.table.js';
export * from '../modules/orders/order-plans.table.js';
export * from '../modules/logistics/logistics.table.js';
export * from '../modules/orders/payments.table.js';
export * from '../modules/analytics/analytics.table.js';
export * from '../modules/desktop/desktop.table.js';
export * from '../platform/offline/request-keys.table.js';
export * from '../modules/notifications/notifications.table.js';
export * from '../modules/tasks/tasks.table.js';
