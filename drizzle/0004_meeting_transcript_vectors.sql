ALTER TABLE "city_videos" ADD COLUMN "transcript_vector" "tsvector";--> statement-breakpoint
CREATE INDEX "city_videos_transcript_vector_idx" ON "city_videos" USING gin ("transcript_vector");--> statement-breakpoint
-- Hand-written below this line (drizzle-kit generates only the column and index above).
-- city_videos.transcript_vector is the union of the lexemes of the video's
-- transcript segments, without positions: the candidate filter of search
-- (docs/decisions/0031-search-at-scale.md). A segment matches a query only
-- if its video's vector matches the query's necessary part, so the filter
-- loses no match. Statement-level triggers keep it on every write path:
-- inserted segments add their lexemes; deleted or updated ones recompute it
-- from the segments that remain; TRUNCATE clears it.
CREATE FUNCTION "transcript_vector_of"("video_id" uuid) RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT array_to_tsvector(array_agg(DISTINCT lexeme))
  FROM public.transcript_segments s, unnest(tsvector_to_array(s.search_vector)) AS lexeme
  WHERE s.city_video_id = video_id
$$;
--> statement-breakpoint
CREATE FUNCTION "transcript_vector_on_segments"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE public.city_videos v
    SET transcript_vector = CASE WHEN v.transcript_vector IS NULL THEN added.lexemes ELSE v.transcript_vector || added.lexemes END
    FROM (
      SELECT n.city_video_id, array_to_tsvector(array_agg(DISTINCT lexeme)) AS lexemes
      FROM new_rows n, unnest(tsvector_to_array(n.search_vector)) AS lexeme
      GROUP BY n.city_video_id
    ) added
    WHERE v.id = added.city_video_id;
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE public.city_videos v SET transcript_vector = public.transcript_vector_of(v.id)
    WHERE v.id IN (SELECT city_video_id FROM new_rows UNION SELECT city_video_id FROM old_rows);
  ELSE
    UPDATE public.city_videos v SET transcript_vector = public.transcript_vector_of(v.id)
    WHERE v.id IN (SELECT city_video_id FROM old_rows);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "transcript_vector_on_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE public.city_videos SET transcript_vector = NULL WHERE transcript_vector IS NOT NULL;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "transcript_vector_insert" AFTER INSERT ON "transcript_segments"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "transcript_vector_on_segments"();
--> statement-breakpoint
CREATE TRIGGER "transcript_vector_update" AFTER UPDATE ON "transcript_segments"
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "transcript_vector_on_segments"();
--> statement-breakpoint
CREATE TRIGGER "transcript_vector_delete" AFTER DELETE ON "transcript_segments"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "transcript_vector_on_segments"();
--> statement-breakpoint
CREATE TRIGGER "transcript_vector_truncate" AFTER TRUNCATE ON "transcript_segments"
  FOR EACH STATEMENT EXECUTE FUNCTION "transcript_vector_on_truncate"();
--> statement-breakpoint
-- Backfill: every video that has segments, one at a time (through the (video, position) index).
UPDATE "city_videos" v SET "transcript_vector" = "transcript_vector_of"(v.id)
WHERE EXISTS (SELECT 1 FROM "transcript_segments" s WHERE s.city_video_id = v.id);
