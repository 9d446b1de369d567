CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Written by hand: only a database this migration finds empty (no city, no
-- account) may receive the demo data, once; see docs/decisions/0014.
INSERT INTO "app_meta" ("key", "value")
SELECT 'demo_data', 'pending'
WHERE NOT EXISTS (SELECT 1 FROM "cities") AND NOT EXISTS (SELECT 1 FROM "users");
