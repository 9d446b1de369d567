CREATE TABLE "city_video_sources" (
	"city_video_id" uuid NOT NULL,
	"city_url_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "city_video_sources_city_video_id_city_url_id_pk" PRIMARY KEY("city_video_id","city_url_id")
);
--> statement-breakpoint
CREATE TABLE "deleted_videos" (
	"city_id" uuid NOT NULL,
	"video_id" text NOT NULL,
	"title" text,
	"description" text,
	"video_url" text,
	"thumbnail_url" text,
	"published_at" timestamp with time zone,
	"channel_title" text,
	"source_ids" uuid[] DEFAULT '{}' NOT NULL,
	"deleted_by" uuid,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deleted_videos_city_id_video_id_pk" PRIMARY KEY("city_id","video_id")
);
--> statement-breakpoint
ALTER TABLE "city_videos" DROP CONSTRAINT "city_videos_city_urls_id_city_urls_id_fk";
--> statement-breakpoint
DROP INDEX "city_videos_city_source_published_idx";--> statement-breakpoint
ALTER TABLE "city_video_sources" ADD CONSTRAINT "city_video_sources_city_video_id_city_videos_id_fk" FOREIGN KEY ("city_video_id") REFERENCES "public"."city_videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "city_video_sources" ADD CONSTRAINT "city_video_sources_city_url_id_city_urls_id_fk" FOREIGN KEY ("city_url_id") REFERENCES "public"."city_urls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deleted_videos" ADD CONSTRAINT "deleted_videos_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deleted_videos" ADD CONSTRAINT "deleted_videos_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "city_video_sources_url_idx" ON "city_video_sources" USING btree ("city_url_id","city_video_id");--> statement-breakpoint
-- hand-written: every video's one source (city_videos.city_urls_id) becomes its first row of
-- city_video_sources, before the column goes (docs/decisions/0047-sources-and-removed-videos.md).
INSERT INTO "city_video_sources" ("city_video_id", "city_url_id", "created_at")
SELECT "id", "city_urls_id", "created_at" FROM "city_videos" WHERE "city_urls_id" IS NOT NULL
ON CONFLICT DO NOTHING;
--> statement-breakpoint
ALTER TABLE "city_videos" DROP COLUMN "city_urls_id";
--> statement-breakpoint
-- hand-written: the city page lists and filters by a video's sources, so a change of them is a
-- change of the video's city for the rendered-page cache (content versions, drizzle/0003, ADR 0030).
CREATE TRIGGER content_versions_insert AFTER INSERT ON "city_video_sources" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION content_versions_on_video_rows();
--> statement-breakpoint
CREATE TRIGGER content_versions_update AFTER UPDATE ON "city_video_sources" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION content_versions_on_video_rows();
--> statement-breakpoint
CREATE TRIGGER content_versions_delete AFTER DELETE ON "city_video_sources" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION content_versions_on_video_rows();
--> statement-breakpoint
CREATE TRIGGER content_versions_truncate AFTER TRUNCATE ON "city_video_sources" FOR EACH STATEMENT EXECUTE FUNCTION content_versions_on_site_rows();
