-- searchKey() folds doubled letters before "ye"/"yo" too (decision 028's keys change form): empty the word-based keys; start-up recomputes every empty one (refreshStaleSearchKeys).
UPDATE "organizations" SET "search_key" = '', "name_key" = '';
--> statement-breakpoint
UPDATE "doctors" SET "search_key" = '';
--> statement-breakpoint
UPDATE "brands" SET "search_key" = '';
