CREATE TABLE "content_versions" (
	"scope" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
-- Hand-written below this line (drizzle-kit generates only the table above).
-- Content versions for the rendered-page cache (docs/decisions/0030-rendered-page-cache.md):
-- statement-level triggers on every table the public pages read bump the
-- version of each city the written rows belong to ("city:<uuid>"), and of
-- "site" for rows every page shows (the city list). Versions come from a
-- sequence that starts at a random value and is never reset (not even by
-- TRUNCATE ... RESTART IDENTITY), so a version is never reused, not even
-- by a new database.
CREATE SEQUENCE "content_versions_seq";
--> statement-breakpoint
SELECT setval('content_versions_seq', floor(random() * 1e12)::bigint + 1);
--> statement-breakpoint
CREATE FUNCTION "content_versions_bump"("scopes" text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO public.content_versions (scope, version)
  SELECT scope, nextval('public.content_versions_seq') FROM (SELECT DISTINCT scope FROM unnest(scopes) AS scope WHERE scope IS NOT NULL ORDER BY scope) AS distinct_scopes
  ON CONFLICT (scope) DO UPDATE SET version = excluded.version
$$;
--> statement-breakpoint
-- Rows with a city_id (and cities themselves, whose id it is).
CREATE FUNCTION "content_versions_on_city_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM public.content_versions_bump(ARRAY(SELECT 'city:' || city_id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM public.content_versions_bump(ARRAY(SELECT 'city:' || city_id FROM new_rows UNION SELECT 'city:' || city_id FROM old_rows));
  ELSE
    PERFORM public.content_versions_bump(ARRAY(SELECT 'city:' || city_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "content_versions_on_cities"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM public.content_versions_bump(ARRAY(SELECT 'city:' || id FROM new_rows) || 'site'::text);
  ELSIF TG_OP = 'UPDATE' THEN
    -- Other cities' pages show a city's name, state, key and status (the city picker): only those change the site.
    PERFORM public.content_versions_bump(ARRAY(SELECT 'city:' || id FROM new_rows UNION SELECT 'city:' || id FROM old_rows)
      || CASE WHEN EXISTS (
        SELECT 1 FROM new_rows n FULL JOIN old_rows o ON o.id = n.id
        WHERE (n.name, n.state, n.location_key, n.status) IS DISTINCT FROM (o.name, o.state, o.location_key, o.status)
      ) THEN 'site'::text END);
  ELSE
    PERFORM public.content_versions_bump(ARRAY(SELECT 'city:' || id FROM old_rows) || 'site'::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Rows of a video (segments, revisions): the video's city. A video deleted
-- with them is gone already; its own trigger bumped its city.
CREATE FUNCTION "content_versions_on_video_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM public.content_versions_bump(ARRAY(
      SELECT 'city:' || v.city_id FROM public.city_videos v WHERE v.id IN (SELECT city_video_id FROM new_rows)));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM public.content_versions_bump(ARRAY(
      SELECT 'city:' || v.city_id FROM public.city_videos v
      WHERE v.id IN (SELECT city_video_id FROM new_rows UNION SELECT city_video_id FROM old_rows)));
  ELSE
    PERFORM public.content_versions_bump(ARRAY(
      SELECT 'city:' || v.city_id FROM public.city_videos v WHERE v.id IN (SELECT city_video_id FROM old_rows)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Video sources: every city that lists them.
CREATE FUNCTION "content_versions_on_source_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM public.content_versions_bump(ARRAY(
      SELECT 'city:' || l.city_id FROM public.cities_urls l WHERE l.url_id IN (SELECT id FROM new_rows)));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM public.content_versions_bump(ARRAY(
      SELECT 'city:' || l.city_id FROM public.cities_urls l
      WHERE l.url_id IN (SELECT id FROM new_rows UNION SELECT id FROM old_rows)));
  ELSE
    PERFORM public.content_versions_bump(ARRAY(
      SELECT 'city:' || l.city_id FROM public.cities_urls l WHERE l.url_id IN (SELECT id FROM old_rows)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Rows every page may show, and TRUNCATE of any of these tables.
CREATE FUNCTION "content_versions_on_site_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM public.content_versions_bump(ARRAY['site']);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A job's state changes what its meeting's pages say ("analyzing", "failed"):
-- installed on pg-boss's job table once pg-boss has created it (app/lib/jobs/boss.server.ts).
CREATE FUNCTION "content_versions_on_job"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.singleton_key ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN
    PERFORM public.content_versions_bump(ARRAY(
      SELECT 'city:' || city_id FROM public.city_videos WHERE id = NEW.singleton_key::uuid));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE
  target record;
BEGIN
  FOR target IN SELECT * FROM (VALUES
    ('cities', 'content_versions_on_cities'),
    ('city_videos', 'content_versions_on_city_rows'),
    ('business_listings', 'content_versions_on_city_rows'),
    ('cities_urls', 'content_versions_on_city_rows'),
    ('transcript_segments', 'content_versions_on_video_rows'),
    ('analysis_revisions', 'content_versions_on_video_rows'),
    ('story_revisions', 'content_versions_on_video_rows'),
    ('city_urls', 'content_versions_on_source_rows'),
    ('business_categories', 'content_versions_on_site_rows')
  ) AS t(table_name, function_name) LOOP
    IF target.function_name = 'content_versions_on_site_rows' THEN
      EXECUTE format('CREATE TRIGGER content_versions_write AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH STATEMENT EXECUTE FUNCTION %I()', target.table_name, target.function_name);
    ELSE
      EXECUTE format('CREATE TRIGGER content_versions_insert AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()', target.table_name, target.function_name);
      EXECUTE format('CREATE TRIGGER content_versions_update AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()', target.table_name, target.function_name);
      EXECUTE format('CREATE TRIGGER content_versions_delete AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()', target.table_name, target.function_name);
    END IF;
    EXECUTE format('CREATE TRIGGER content_versions_truncate AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION content_versions_on_site_rows()', target.table_name);
  END LOOP;
END $$;
