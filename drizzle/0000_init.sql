CREATE TABLE "analysis_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"city_video_id" uuid NOT NULL,
	"analysis" jsonb NOT NULL,
	"verification" jsonb,
	"provider" text NOT NULL,
	"model" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"parent_category" text NOT NULL,
	"sub_category" text
);
--> statement-breakpoint
CREATE TABLE "business_listings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"street_address" text,
	"postal_code" text,
	"telephone" text,
	"website" text,
	"email" text,
	"image_url" text,
	"city_id" uuid NOT NULL,
	"business_category" uuid,
	"listing_tier" text DEFAULT 'Tier 3' NOT NULL,
	"business_key" text NOT NULL,
	"user_email" text,
	"subscription_status" text,
	"payment_subscription_id" text,
	"payment_customer_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_listings_tier_check" CHECK ("business_listings"."listing_tier" in ('Tier 1', 'Tier 2', 'Tier 3'))
);
--> statement-breakpoint
CREATE TABLE "cities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"location_key" text NOT NULL,
	"state" text DEFAULT 'CA' NOT NULL,
	"county" text,
	"description" text,
	"domain" text,
	"primary_color" text DEFAULT '#3B82F6',
	"secondary_color" text DEFAULT '#1E40AF',
	"image_url" text,
	"icon" text,
	"tag_line" text,
	"status" text DEFAULT 'New' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cities_location_key_key" UNIQUE("location_key"),
	CONSTRAINT "cities_status_check" CHECK ("cities"."status" in ('New', 'Test', 'Live', 'Archive')),
	CONSTRAINT "cities_location_key_format" CHECK ("cities"."location_key" ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
--> statement-breakpoint
CREATE TABLE "cities_urls" (
	"city_id" uuid NOT NULL,
	"url_id" uuid NOT NULL,
	CONSTRAINT "cities_urls_city_id_url_id_pk" PRIMARY KEY("city_id","url_id")
);
--> statement-breakpoint
CREATE TABLE "city_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"state" text NOT NULL,
	"city_name" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "city_urls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text,
	"url" text NOT NULL,
	"content_type" text DEFAULT 'video' NOT NULL,
	"source_type" text DEFAULT 'website' NOT NULL,
	"entity_type" text DEFAULT 'Unknown' NOT NULL,
	"last_refreshed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "city_videos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"city_id" uuid NOT NULL,
	"city_urls_id" uuid,
	"video_id" text NOT NULL,
	"video_url" text,
	"title" text,
	"description" text,
	"transcript" text,
	"thumbnail_url" text,
	"published_at" timestamp with time zone,
	"channel_title" text,
	"analysis_results" jsonb,
	"news_story" jsonb,
	"story_generated_at" timestamp with time zone,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'B')) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"topic" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "passwords" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"feedback_type" text NOT NULL,
	"feedback_text" text NOT NULL,
	"user_email" text,
	"page_url" text,
	"severity" integer,
	"rank" numeric,
	"status" text DEFAULT 'New' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_feedback_severity_check" CHECK ("product_feedback"."severity" between 1 and 5),
	CONSTRAINT "product_feedback_status_check" CHECK ("product_feedback"."status" in ('New', 'Active', 'Closed'))
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" uuid PRIMARY KEY NOT NULL,
	"username" text,
	"preferences" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"home_city_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"user_agent" text,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "story_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"city_video_id" uuid NOT NULL,
	"story" jsonb NOT NULL,
	"additional_context" text,
	"verification" jsonb,
	"provider" text NOT NULL,
	"model" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transcript_segments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transcript_segments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"city_video_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"start_seconds" real,
	"end_seconds" real,
	"speaker" text,
	"text" text NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english'::regconfig, coalesce(speaker, '') || ' ' || text)) STORED
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"email_confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analysis_revisions" ADD CONSTRAINT "analysis_revisions_city_video_id_city_videos_id_fk" FOREIGN KEY ("city_video_id") REFERENCES "public"."city_videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_revisions" ADD CONSTRAINT "analysis_revisions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_listings" ADD CONSTRAINT "business_listings_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_listings" ADD CONSTRAINT "business_listings_business_category_business_categories_id_fk" FOREIGN KEY ("business_category") REFERENCES "public"."business_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cities_urls" ADD CONSTRAINT "cities_urls_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cities_urls" ADD CONSTRAINT "cities_urls_url_id_city_urls_id_fk" FOREIGN KEY ("url_id") REFERENCES "public"."city_urls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "city_videos" ADD CONSTRAINT "city_videos_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "city_videos" ADD CONSTRAINT "city_videos_city_urls_id_city_urls_id_fk" FOREIGN KEY ("city_urls_id") REFERENCES "public"."city_urls"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passwords" ADD CONSTRAINT "passwords_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_id_users_id_fk" FOREIGN KEY ("id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_home_city_key_cities_location_key_fk" FOREIGN KEY ("home_city_key") REFERENCES "public"."cities"("location_key") ON DELETE set null ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_revisions" ADD CONSTRAINT "story_revisions_city_video_id_city_videos_id_fk" FOREIGN KEY ("city_video_id") REFERENCES "public"."city_videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_revisions" ADD CONSTRAINT "story_revisions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transcript_segments" ADD CONSTRAINT "transcript_segments_city_video_id_city_videos_id_fk" FOREIGN KEY ("city_video_id") REFERENCES "public"."city_videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analysis_revisions_video_idx" ON "analysis_revisions" USING btree ("city_video_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "business_categories_parent_sub_key" ON "business_categories" USING btree ("parent_category",coalesce("sub_category", ''));--> statement-breakpoint
CREATE UNIQUE INDEX "business_listings_business_key_key" ON "business_listings" USING btree ("business_key");--> statement-breakpoint
CREATE INDEX "business_listings_city_tier_name_idx" ON "business_listings" USING btree ("city_id","listing_tier","name");--> statement-breakpoint
CREATE INDEX "business_listings_tier_name_idx" ON "business_listings" USING btree ("listing_tier","name");--> statement-breakpoint
CREATE INDEX "business_listings_name_idx" ON "business_listings" USING btree ("name");--> statement-breakpoint
CREATE INDEX "business_listings_category_idx" ON "business_listings" USING btree ("business_category");--> statement-breakpoint
CREATE INDEX "cities_status_name_idx" ON "cities" USING btree ("status","name");--> statement-breakpoint
CREATE INDEX "cities_name_idx" ON "cities" USING btree ("name");--> statement-breakpoint
CREATE INDEX "cities_urls_url_id_idx" ON "cities_urls" USING btree ("url_id");--> statement-breakpoint
CREATE INDEX "city_urls_url_idx" ON "city_urls" USING btree ("url");--> statement-breakpoint
CREATE UNIQUE INDEX "city_videos_city_id_video_id_key" ON "city_videos" USING btree ("city_id","video_id");--> statement-breakpoint
CREATE INDEX "city_videos_city_published_idx" ON "city_videos" USING btree ("city_id","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "city_videos_city_source_published_idx" ON "city_videos" USING btree ("city_id","city_urls_id","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "city_videos_published_idx" ON "city_videos" USING btree ("published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "city_videos_search_idx" ON "city_videos" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "product_feedback_rank_idx" ON "product_feedback" USING btree ("rank");--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_username_key" ON "profiles" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "rate_limits_reset_at_idx" ON "rate_limits" USING btree ("reset_at");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "story_revisions_video_idx" ON "story_revisions" USING btree ("city_video_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "transcript_segments_video_position_key" ON "transcript_segments" USING btree ("city_video_id","position");--> statement-breakpoint
CREATE INDEX "transcript_segments_search_idx" ON "transcript_segments" USING gin ("search_vector");--> statement-breakpoint
CREATE UNIQUE INDEX "user_roles_user_id_role_key" ON "user_roles" USING btree ("user_id","role");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "verification_codes_email_idx" ON "verification_codes" USING btree (lower("email"),"purpose","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "verification_codes_expires_at_idx" ON "verification_codes" USING btree ("expires_at");