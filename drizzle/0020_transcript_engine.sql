-- Issue 30: the engine and model that made a speech-to-text transcript (docs/decisions/0083).
ALTER TABLE "city_videos" ADD COLUMN "transcript_engine" text;--> statement-breakpoint
ALTER TABLE "city_videos" ADD COLUMN "transcript_model" text;