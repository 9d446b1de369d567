CREATE TABLE "meeting_decisions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "meeting_decisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"city_video_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"item" text NOT NULL,
	"motion" text NOT NULL,
	"result" text NOT NULL,
	"ayes" integer,
	"nays" integer,
	"abstain" integer,
	"absent" integer,
	"how" text,
	"consent_items" text[] DEFAULT '{}' NOT NULL,
	"motion_text" text NOT NULL,
	"motion_second" real,
	"result_text" text NOT NULL,
	"result_second" real,
	CONSTRAINT "meeting_decisions_result_check" CHECK ("meeting_decisions"."result" in ('carried', 'failed', 'withdrawn'))
);
--> statement-breakpoint
ALTER TABLE "meeting_decisions" ADD CONSTRAINT "meeting_decisions_city_video_id_city_videos_id_fk" FOREIGN KEY ("city_video_id") REFERENCES "public"."city_videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "meeting_decisions_video_position_key" ON "meeting_decisions" USING btree ("city_video_id","position");