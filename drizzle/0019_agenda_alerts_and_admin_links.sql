ALTER TABLE "alert_matches" ALTER COLUMN "city_video_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "legistar_event_videos" ALTER COLUMN "city_video_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_matches" ADD COLUMN "city_id" uuid;--> statement-breakpoint
ALTER TABLE "alert_matches" ADD COLUMN "event_legistar_id" integer;--> statement-breakpoint
ALTER TABLE "alert_matches" ADD CONSTRAINT "alert_matches_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_matches" ADD CONSTRAINT "alert_matches_event_fk" FOREIGN KEY ("city_id","event_legistar_id") REFERENCES "public"."legistar_events"("city_id","legistar_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_matches_search_event_key" ON "alert_matches" USING btree ("saved_search_id","city_id","event_legistar_id");--> statement-breakpoint
ALTER TABLE "alert_matches" ADD CONSTRAINT "alert_matches_meeting_or_event" CHECK (("alert_matches"."city_video_id" is not null and "alert_matches"."event_legistar_id" is null and "alert_matches"."city_id" is null) or ("alert_matches"."city_video_id" is null and "alert_matches"."event_legistar_id" is not null and "alert_matches"."city_id" is not null));--> statement-breakpoint
ALTER TABLE "legistar_event_videos" ADD CONSTRAINT "legistar_event_videos_video_check" CHECK ("legistar_event_videos"."city_video_id" is not null or "legistar_event_videos"."method" = 'admin');