CREATE TABLE "inbox_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contact_submission_id" uuid,
	"city_request_id" uuid,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"sent_by" uuid,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_replies_one_message" CHECK (("inbox_replies"."contact_submission_id" is null) <> ("inbox_replies"."city_request_id" is null))
);
--> statement-breakpoint
ALTER TABLE "city_requests" ADD COLUMN "status" text DEFAULT 'New' NOT NULL;--> statement-breakpoint
ALTER TABLE "city_requests" ADD COLUMN "city_id" uuid;--> statement-breakpoint
ALTER TABLE "city_requests" ADD COLUMN "admin_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "city_requests" ADD COLUMN "live_notice_queued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "city_requests" ADD COLUMN "live_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "status" text DEFAULT 'New' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "admin_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inbox_replies" ADD CONSTRAINT "inbox_replies_contact_submission_id_contact_submissions_id_fk" FOREIGN KEY ("contact_submission_id") REFERENCES "public"."contact_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_replies" ADD CONSTRAINT "inbox_replies_city_request_id_city_requests_id_fk" FOREIGN KEY ("city_request_id") REFERENCES "public"."city_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_replies" ADD CONSTRAINT "inbox_replies_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbox_replies_contact_idx" ON "inbox_replies" USING btree ("contact_submission_id","sent_at");--> statement-breakpoint
CREATE INDEX "inbox_replies_request_idx" ON "inbox_replies" USING btree ("city_request_id","sent_at");--> statement-breakpoint
CREATE INDEX "inbox_replies_sent_by_idx" ON "inbox_replies" USING btree ("sent_by");--> statement-breakpoint
ALTER TABLE "city_requests" ADD CONSTRAINT "city_requests_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "city_requests_created_idx" ON "city_requests" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "city_requests_city_idx" ON "city_requests" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "contact_submissions_created_idx" ON "contact_submissions" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
ALTER TABLE "city_requests" ADD CONSTRAINT "city_requests_status_check" CHECK ("city_requests"."status" in ('New', 'Answered', 'Closed'));--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD CONSTRAINT "contact_submissions_status_check" CHECK ("contact_submissions"."status" in ('New', 'Answered', 'Closed'));