CREATE TABLE "legistar_event_videos" (
	"city_id" uuid NOT NULL,
	"event_legistar_id" integer NOT NULL,
	"city_video_id" uuid NOT NULL,
	"method" text NOT NULL,
	"matched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legistar_event_videos_city_id_event_legistar_id_pk" PRIMARY KEY("city_id","event_legistar_id"),
	CONSTRAINT "legistar_event_videos_method_check" CHECK ("legistar_event_videos"."method" in ('body-date', 'only-meeting', 'title', 'admin'))
);
--> statement-breakpoint
ALTER TABLE "legistar_event_videos" ADD CONSTRAINT "legistar_event_videos_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legistar_event_videos" ADD CONSTRAINT "legistar_event_videos_city_video_id_city_videos_id_fk" FOREIGN KEY ("city_video_id") REFERENCES "public"."city_videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legistar_event_videos" ADD CONSTRAINT "legistar_event_videos_event_fk" FOREIGN KEY ("city_id","event_legistar_id") REFERENCES "public"."legistar_events"("city_id","legistar_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "legistar_event_videos_video_key" ON "legistar_event_videos" USING btree ("city_video_id");--> statement-breakpoint
-- hand-written: the city page (upcoming meetings), the meeting page (its official agenda) and the
-- event page read these tables, so a write to them is a change of the city's pages for the
-- rendered-page cache (content versions, drizzle/0003, ADR 0030; docs/decisions/0069).
DO $$
DECLARE
  target text;
BEGIN
  FOREACH target IN ARRAY ARRAY['legistar_events', 'legistar_event_items', 'legistar_event_videos'] LOOP
    EXECUTE format('CREATE TRIGGER content_versions_insert AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION content_versions_on_city_rows()', target);
    EXECUTE format('CREATE TRIGGER content_versions_update AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION content_versions_on_city_rows()', target);
    EXECUTE format('CREATE TRIGGER content_versions_delete AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION content_versions_on_city_rows()', target);
    EXECUTE format('CREATE TRIGGER content_versions_truncate AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION content_versions_on_site_rows()', target);
  END LOOP;
END $$;
--> statement-breakpoint
-- The source's client and time zone change what the pages show (the record, its local times); a
-- sync's own bookkeeping (last attempt, last success, last error) does not, and must not empty
-- the city's cached pages on every scheduled run.
CREATE FUNCTION "content_versions_on_legislative_sources"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM public.content_versions_bump(ARRAY(SELECT 'city:' || city_id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM public.content_versions_bump(ARRAY(
      SELECT 'city:' || n.city_id FROM new_rows n JOIN old_rows o ON o.city_id = n.city_id
      WHERE (n.client_id, n.time_zone) IS DISTINCT FROM (o.client_id, o.time_zone)));
  ELSE
    PERFORM public.content_versions_bump(ARRAY(SELECT 'city:' || city_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER content_versions_insert AFTER INSERT ON legislative_sources REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION content_versions_on_legislative_sources();
--> statement-breakpoint
CREATE TRIGGER content_versions_update AFTER UPDATE ON legislative_sources REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION content_versions_on_legislative_sources();
--> statement-breakpoint
CREATE TRIGGER content_versions_delete AFTER DELETE ON legislative_sources REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION content_versions_on_legislative_sources();
--> statement-breakpoint
CREATE TRIGGER content_versions_truncate AFTER TRUNCATE ON legislative_sources FOR EACH STATEMENT EXECUTE FUNCTION content_versions_on_site_rows();
