-- decision 035: base (purchase) prices in the .xlsx exports only for the right stock.exportBasePrices;
-- installations seeded before it existed grant it as a fresh one does (administrator, operator, warehouse)
INSERT INTO "role_permissions" ("role", "permission") SELECT "code", 'stock.exportBasePrices' FROM "roles" WHERE "code" IN ('admin', 'operator', 'employee') ON CONFLICT DO NOTHING;
