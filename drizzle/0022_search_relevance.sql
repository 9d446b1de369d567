CREATE TABLE "search_lexicon" (
	"word" text PRIMARY KEY NOT NULL,
	"plain" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "city_videos" ADD COLUMN "fields_vector" "tsvector";--> statement-breakpoint
CREATE INDEX "search_lexicon_plain_idx" ON "search_lexicon" USING btree ("plain");--> statement-breakpoint
CREATE INDEX "search_lexicon_plain_trgm_idx" ON "search_lexicon" USING gin ("plain" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "city_videos_fields_vector_idx" ON "city_videos" USING gin ("fields_vector");--> statement-breakpoint
-- ==== Hand-written below this line (issue 31, docs/decisions/0081-search-relevance.md) ====
-- drizzle-kit generates only the table, column and indexes above. If this migration is renumbered
-- at merge, move this whole block with it.
--
-- unaccent folds accents for the search lexicon (PGlite loads it from its contrib bundle; a
-- PostgreSQL server has it in postgresql-contrib).
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
-- city_videos.fields_vector: what search ranks a meeting on besides its transcript. Title A;
-- the decisions (meeting_decisions: the analysis's verified ones) and the official record's agenda
-- items (legistar_event_items of the event matched to the video) B; the analysis's entities and
-- the video's description C. Transcript segments carry no weight (D).
CREATE FUNCTION "fields_vector_from"("video_id" uuid, "title" text, "description" text, "analysis" jsonb)
RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A')
    || setweight(to_tsvector('english'::regconfig, concat_ws(' ',
         (SELECT string_agg(concat_ws(' ', d.item, array_to_string(d.consent_items, ' ')), ' ')
          FROM public.meeting_decisions d WHERE d.city_video_id = video_id),
         (SELECT string_agg(concat_ws(' ', i.title, i.matter_file), ' ')
          FROM public.legistar_event_videos ev
          JOIN public.legistar_event_items i ON i.city_id = ev.city_id AND i.event_legistar_id = ev.event_legistar_id
          WHERE ev.city_video_id = video_id))), 'B')
    || setweight(to_tsvector('english'::regconfig, concat_ws(' ', description,
         (SELECT string_agg(e #>> '{}', ' ')
          FROM jsonb_array_elements(
            CASE WHEN jsonb_typeof(analysis) = 'object'
              THEN coalesce(jsonb_path_query_array(analysis, '$.entities[*].name'), '[]'::jsonb)
                || coalesce(jsonb_path_query_array(analysis, '$.analysis.entities[*].name'), '[]'::jsonb)
              ELSE '[]'::jsonb END) e))), 'C')
$$;
--> statement-breakpoint
CREATE FUNCTION "fields_vector_on_videos"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.fields_vector := public.fields_vector_from(NEW.id, NEW.title, NEW.description, NEW.analysis_results);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "fields_vector_video" BEFORE INSERT OR UPDATE OF "title", "description", "analysis_results" ON "city_videos"
  FOR EACH ROW EXECUTE FUNCTION "fields_vector_on_videos"();
--> statement-breakpoint
CREATE FUNCTION "fields_vector_refresh"("video_ids" uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE public.city_videos v
  SET fields_vector = public.fields_vector_from(v.id, v.title, v.description, v.analysis_results)
  WHERE v.id = ANY(video_ids)
$$;
--> statement-breakpoint
CREATE FUNCTION "fields_vector_on_decisions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM public.fields_vector_refresh(ARRAY(SELECT DISTINCT city_video_id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM public.fields_vector_refresh(ARRAY(SELECT city_video_id FROM new_rows UNION SELECT city_video_id FROM old_rows));
  ELSE
    PERFORM public.fields_vector_refresh(ARRAY(SELECT DISTINCT city_video_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "fields_vector_decisions_insert" AFTER INSERT ON "meeting_decisions"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "fields_vector_on_decisions"();
--> statement-breakpoint
CREATE TRIGGER "fields_vector_decisions_update" AFTER UPDATE ON "meeting_decisions"
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "fields_vector_on_decisions"();
--> statement-breakpoint
CREATE TRIGGER "fields_vector_decisions_delete" AFTER DELETE ON "meeting_decisions"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "fields_vector_on_decisions"();
--> statement-breakpoint
-- The record's agenda items and the event ↔ video matches (both sides of the join above).
CREATE FUNCTION "fields_vector_on_event_items"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM public.fields_vector_refresh(ARRAY(
      SELECT ev.city_video_id FROM public.legistar_event_videos ev
      JOIN (SELECT DISTINCT city_id, event_legistar_id FROM new_rows) n
        ON n.city_id = ev.city_id AND n.event_legistar_id = ev.event_legistar_id));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM public.fields_vector_refresh(ARRAY(
      SELECT ev.city_video_id FROM public.legistar_event_videos ev
      JOIN (SELECT city_id, event_legistar_id FROM new_rows UNION SELECT city_id, event_legistar_id FROM old_rows) n
        ON n.city_id = ev.city_id AND n.event_legistar_id = ev.event_legistar_id));
  ELSE
    PERFORM public.fields_vector_refresh(ARRAY(
      SELECT ev.city_video_id FROM public.legistar_event_videos ev
      JOIN (SELECT DISTINCT city_id, event_legistar_id FROM old_rows) n
        ON n.city_id = ev.city_id AND n.event_legistar_id = ev.event_legistar_id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "fields_vector_event_items_insert" AFTER INSERT ON "legistar_event_items"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "fields_vector_on_event_items"();
--> statement-breakpoint
CREATE TRIGGER "fields_vector_event_items_update" AFTER UPDATE ON "legistar_event_items"
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "fields_vector_on_event_items"();
--> statement-breakpoint
CREATE TRIGGER "fields_vector_event_items_delete" AFTER DELETE ON "legistar_event_items"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "fields_vector_on_event_items"();
--> statement-breakpoint
CREATE FUNCTION "fields_vector_on_event_videos"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM public.fields_vector_refresh(ARRAY(SELECT DISTINCT city_video_id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM public.fields_vector_refresh(ARRAY(SELECT city_video_id FROM new_rows UNION SELECT city_video_id FROM old_rows));
  ELSE
    PERFORM public.fields_vector_refresh(ARRAY(SELECT DISTINCT city_video_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "fields_vector_event_videos_insert" AFTER INSERT ON "legistar_event_videos"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "fields_vector_on_event_videos"();
--> statement-breakpoint
CREATE TRIGGER "fields_vector_event_videos_update" AFTER UPDATE ON "legistar_event_videos"
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "fields_vector_on_event_videos"();
--> statement-breakpoint
CREATE TRIGGER "fields_vector_event_videos_delete" AFTER DELETE ON "legistar_event_videos"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "fields_vector_on_event_videos"();
--> statement-breakpoint
-- search_lexicon: the lexemes of every meeting's fields and transcript, added when either vector
-- gains words (3 to 40 letters, no digits: what a misspelling can be of).
CREATE FUNCTION "search_lexicon_on_videos"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO public.search_lexicon (word, plain)
  SELECT w, public.unaccent(w) FROM (
    SELECT unnest(tsvector_to_array(coalesce(NEW.fields_vector, ''::tsvector) || coalesce(NEW.transcript_vector, ''::tsvector))) AS w
    EXCEPT
    SELECT unnest(tsvector_to_array(coalesce(OLD.fields_vector, ''::tsvector) || coalesce(OLD.transcript_vector, ''::tsvector)))
  ) added
  WHERE length(w) BETWEEN 3 AND 40 AND w !~ '[0-9]'
  ON CONFLICT (word) DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "search_lexicon_on_new_videos"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO public.search_lexicon (word, plain)
  SELECT w, public.unaccent(w) FROM (
    SELECT unnest(tsvector_to_array(coalesce(NEW.fields_vector, ''::tsvector) || coalesce(NEW.transcript_vector, ''::tsvector))) AS w
  ) added
  WHERE length(w) BETWEEN 3 AND 40 AND w !~ '[0-9]'
  ON CONFLICT (word) DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "search_lexicon_video_insert" AFTER INSERT ON "city_videos"
  FOR EACH ROW EXECUTE FUNCTION "search_lexicon_on_new_videos"();
--> statement-breakpoint
CREATE TRIGGER "search_lexicon_video_update" AFTER UPDATE ON "city_videos"
  FOR EACH ROW WHEN (NEW.fields_vector IS DISTINCT FROM OLD.fields_vector OR NEW.transcript_vector IS DISTINCT FROM OLD.transcript_vector)
  EXECUTE FUNCTION "search_lexicon_on_videos"();
--> statement-breakpoint
-- Backfill: every video's fields (which fills the lexicon with their words through the trigger),
-- then the transcripts' words.
UPDATE "city_videos" v SET "fields_vector" = "fields_vector_from"(v.id, v.title, v.description, v.analysis_results);
--> statement-breakpoint
INSERT INTO "search_lexicon" ("word", "plain")
SELECT w, unaccent(w) FROM (
  SELECT DISTINCT unnest(tsvector_to_array("transcript_vector")) AS w FROM "city_videos" WHERE "transcript_vector" IS NOT NULL
) t
WHERE length(w) BETWEEN 3 AND 40 AND w !~ '[0-9]'
ON CONFLICT ("word") DO NOTHING;
