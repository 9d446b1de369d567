CREATE TABLE "matter_follow_actions" (
	"follow_id" uuid NOT NULL,
	"history_legistar_id" integer NOT NULL,
	"found_at" timestamp with time zone DEFAULT now() NOT NULL,
	"emailed_at" timestamp with time zone,
	CONSTRAINT "matter_follow_actions_follow_id_history_legistar_id_pk" PRIMARY KEY("follow_id","history_legistar_id")
);
--> statement-breakpoint
CREATE TABLE "matter_follows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"city_id" uuid NOT NULL,
	"matter_legistar_id" integer NOT NULL,
	"unsubscribe_token" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "matter_follow_actions" ADD CONSTRAINT "matter_follow_actions_follow_id_matter_follows_id_fk" FOREIGN KEY ("follow_id") REFERENCES "public"."matter_follows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matter_follows" ADD CONSTRAINT "matter_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matter_follows" ADD CONSTRAINT "matter_follows_matter_fk" FOREIGN KEY ("city_id","matter_legistar_id") REFERENCES "public"."legistar_matters"("city_id","legistar_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "matter_follow_actions_pending_idx" ON "matter_follow_actions" USING btree ("follow_id") WHERE "matter_follow_actions"."emailed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "matter_follows_user_matter_key" ON "matter_follows" USING btree ("user_id","city_id","matter_legistar_id");--> statement-breakpoint
CREATE INDEX "matter_follows_matter_idx" ON "matter_follows" USING btree ("city_id","matter_legistar_id");--> statement-breakpoint
CREATE UNIQUE INDEX "matter_follows_unsubscribe_token_key" ON "matter_follows" USING btree ("unsubscribe_token");