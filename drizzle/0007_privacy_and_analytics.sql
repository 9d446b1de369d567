CREATE TABLE "analytics_daily_counts" (
	"day" date NOT NULL,
	"event" text NOT NULL,
	"route" text DEFAULT '' NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_daily_counts_day_event_route_subject_pk" PRIMARY KEY("day","event","route","subject"),
	CONSTRAINT "analytics_daily_counts_event_check" CHECK ("analytics_daily_counts"."event" in ('visitor', 'page_view', 'city_picked', 'search', 'search_no_results', 'meeting_opened', 'story_opened', 'share', 'sign_up')),
	CONSTRAINT "analytics_daily_counts_subject_length" CHECK (length("analytics_daily_counts"."subject") <= 200)
);
--> statement-breakpoint
CREATE TABLE "analytics_daily_visitors" (
	"day" date NOT NULL,
	"visitor_hash" text NOT NULL,
	CONSTRAINT "analytics_daily_visitors_day_visitor_hash_pk" PRIMARY KEY("day","visitor_hash")
);
--> statement-breakpoint
ALTER TABLE "city_requests" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_submissions" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "analytics_daily_counts_event_day_idx" ON "analytics_daily_counts" USING btree ("event","day");