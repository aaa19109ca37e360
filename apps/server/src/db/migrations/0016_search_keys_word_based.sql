-- Search keys become word-based (decision 028): empty them; start-up recomputes every empty one (refreshStaleSearchKeys).
UPDATE "organizations" SET "search_key" = '', "name_key" = '';
--> statement-breakpoint
UPDATE "doctors" SET "search_key" = '';
--> statement-breakpoint
UPDATE "brands" SET "search_key" = '';
