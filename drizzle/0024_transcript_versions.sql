CREATE TABLE "transcript_versions" (
	"city_video_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"transcript" text NOT NULL,
	"segments" jsonb NOT NULL,
	"engine" text,
	"model" text,
	"in_use" boolean NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transcript_versions_city_video_id_kind_pk" PRIMARY KEY("city_video_id","kind"),
	CONSTRAINT "transcript_versions_kind_check" CHECK ("transcript_versions"."kind" in ('captions', 'speech'))
);
--> statement-breakpoint
ALTER TABLE "transcript_versions" ADD CONSTRAINT "transcript_versions_city_video_id_city_videos_id_fk" FOREIGN KEY ("city_video_id") REFERENCES "public"."city_videos"("id") ON DELETE cascade ON UPDATE no action;