CREATE TABLE "caption_states" (
	"city_video_id" uuid PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"message" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_retry_at" timestamp with time zone,
	"last_attempt_at" timestamp with time zone NOT NULL,
	"client" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "caption_states_status_check" CHECK ("caption_states"."status" in ('fetched', 'failed')),
	CONSTRAINT "caption_states_reason_check" CHECK (("caption_states"."status" = 'fetched' and "caption_states"."reason" is null) or ("caption_states"."status" = 'failed' and "caption_states"."reason" in ('no-captions', 'captions-disabled', 'unavailable', 'bot-check', 'rate-limited', 'network', 'proxy-refused'))),
	CONSTRAINT "caption_states_client_check" CHECK ("caption_states"."client" is null or "caption_states"."client" in ('player', 'transcript-panel')),
	CONSTRAINT "caption_states_attempts_check" CHECK ("caption_states"."attempts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "caption_states" ADD CONSTRAINT "caption_states_city_video_id_city_videos_id_fk" FOREIGN KEY ("city_video_id") REFERENCES "public"."city_videos"("id") ON DELETE cascade ON UPDATE no action;