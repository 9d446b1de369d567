CREATE TABLE "backfill_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"city_id" uuid,
	"force" boolean DEFAULT false NOT NULL,
	"origin" text NOT NULL,
	"queued" integer NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "backfill_runs" ADD CONSTRAINT "backfill_runs_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "backfill_runs_created_at_idx" ON "backfill_runs" USING btree ("created_at");--> statement-breakpoint
-- hand-written: the health check's row guard (docs/decisions/0051-health-that-notices-the-disk.md).
-- app_meta 'health_rows:<table>' says the health check saw rows in the
-- table; a main table with that record and no rows lost them without a
-- statement (a truncated or damaged file). Any DELETE or TRUNCATE that
-- leaves the table empty (the app's, an operator's, a cascade) clears the
-- record here, under the lock the health check takes to record it.
CREATE FUNCTION "health_rows_on_empty"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  has_rows boolean;
BEGIN
  EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I.%I)', TG_TABLE_SCHEMA, TG_TABLE_NAME) INTO has_rows;
  IF NOT has_rows THEN
    PERFORM pg_advisory_xact_lock(hashtext('gavel.health_rows'));
    DELETE FROM public.app_meta WHERE key = 'health_rows:' || TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['cities', 'city_videos', 'transcript_segments', 'analysis_revisions', 'story_revisions', 'users', 'business_listings'] LOOP
    EXECUTE format('CREATE TRIGGER health_rows_on_delete AFTER DELETE ON public.%I FOR EACH STATEMENT EXECUTE FUNCTION public.health_rows_on_empty()', t);
    EXECUTE format('CREATE TRIGGER health_rows_on_truncate AFTER TRUNCATE ON public.%I FOR EACH STATEMENT EXECUTE FUNCTION public.health_rows_on_empty()', t);
  END LOOP;
END $$;
