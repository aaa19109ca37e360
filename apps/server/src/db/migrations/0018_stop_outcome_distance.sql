ALTER TABLE "delivery_stops" ADD COLUMN "proof_distance_m" integer;--> statement-breakpoint
ALTER TABLE "delivery_stops" ADD COLUMN "proof_far" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- the stops closed before: their distance from the stop's point (haversine, as contracts' distanceMeters), flagged beyond the 200 m radius
UPDATE "delivery_stops" SET "proof_distance_m" = round(2 * 6378168 * asin(least(1, sqrt(power(sin(radians("proof_lat" - "lat") / 2), 2) + cos(radians("lat")) * cos(radians("proof_lat")) * power(sin(radians("proof_lng" - "lng") / 2), 2)))))
WHERE "proof_lat" IS NOT NULL AND "proof_lng" IS NOT NULL AND "lat" IS NOT NULL AND "lng" IS NOT NULL;--> statement-breakpoint
UPDATE "delivery_stops" SET "proof_far" = true WHERE "proof_distance_m" > 200;
