CREATE TABLE "alert_matches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"saved_search_id" uuid NOT NULL,
	"city_video_id" uuid NOT NULL,
	"start_seconds" real,
	"speaker" text,
	"passage" text NOT NULL,
	"matched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"emailed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "draft_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"city_video_id" uuid NOT NULL,
	"start_seconds" real,
	"speaker" text,
	"quote" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "draft_quotes_quote_length" CHECK (length("draft_quotes"."quote") between 1 and 2000)
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"query" text NOT NULL,
	"city_ids" uuid[] DEFAULT '{}' NOT NULL,
	"body" text,
	"frequency" text DEFAULT 'immediate' NOT NULL,
	"unsubscribe_token" text NOT NULL,
	"feed_token" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"last_digest_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_searches_frequency_check" CHECK ("saved_searches"."frequency" in ('immediate', 'daily', 'weekly')),
	CONSTRAINT "saved_searches_body_check" CHECK ("saved_searches"."body" in ('city', 'county', 'school')),
	CONSTRAINT "saved_searches_query_length" CHECK (length("saved_searches"."query") between 1 and 200)
);
--> statement-breakpoint
CREATE TABLE "tracked_issues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"issue_key" text NOT NULL,
	"title" text NOT NULL,
	"query" text NOT NULL,
	"city_ids" uuid[] DEFAULT '{}' NOT NULL,
	"bodies" text[] DEFAULT '{}' NOT NULL,
	"summary" jsonb,
	"summary_provider" text,
	"summary_meeting_ids" uuid[] DEFAULT '{}' NOT NULL,
	"summary_generated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracked_issues_issue_key_format" CHECK ("tracked_issues"."issue_key" ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
	CONSTRAINT "tracked_issues_query_length" CHECK (length("tracked_issues"."query") between 1 and 200)
);
--> statement-breakpoint
ALTER TABLE "city_urls" ADD COLUMN "body" text;--> statement-breakpoint
ALTER TABLE "alert_matches" ADD CONSTRAINT "alert_matches_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_matches" ADD CONSTRAINT "alert_matches_city_video_id_city_videos_id_fk" FOREIGN KEY ("city_video_id") REFERENCES "public"."city_videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draft_quotes" ADD CONSTRAINT "draft_quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draft_quotes" ADD CONSTRAINT "draft_quotes_city_video_id_city_videos_id_fk" FOREIGN KEY ("city_video_id") REFERENCES "public"."city_videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_matches_search_video_key" ON "alert_matches" USING btree ("saved_search_id","city_video_id");--> statement-breakpoint
CREATE INDEX "alert_matches_pending_idx" ON "alert_matches" USING btree ("saved_search_id") WHERE "alert_matches"."emailed_at" is null;--> statement-breakpoint
CREATE INDEX "alert_matches_video_idx" ON "alert_matches" USING btree ("city_video_id");--> statement-breakpoint
CREATE INDEX "draft_quotes_user_position_idx" ON "draft_quotes" USING btree ("user_id","position");--> statement-breakpoint
CREATE INDEX "saved_searches_user_idx" ON "saved_searches" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_searches_unsubscribe_token_key" ON "saved_searches" USING btree ("unsubscribe_token");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_searches_feed_token_key" ON "saved_searches" USING btree ("feed_token");--> statement-breakpoint
CREATE UNIQUE INDEX "tracked_issues_issue_key_key" ON "tracked_issues" USING btree ("issue_key");--> statement-breakpoint
ALTER TABLE "city_urls" ADD CONSTRAINT "city_urls_body_check" CHECK ("city_urls"."body" in ('city', 'county', 'school'));--> statement-breakpoint
-- Hand-written: the issue timelines are public pages in the page cache (ADR 0030); a change to a tracked issue
-- bumps the site's content version, as the business categories do.
CREATE TRIGGER content_versions_write AFTER INSERT OR UPDATE OR DELETE ON "tracked_issues" FOR EACH STATEMENT EXECUTE FUNCTION content_versions_on_site_rows();--> statement-breakpoint
CREATE TRIGGER content_versions_truncate AFTER TRUNCATE ON "tracked_issues" FOR EACH STATEMENT EXECUTE FUNCTION content_versions_on_site_rows();
