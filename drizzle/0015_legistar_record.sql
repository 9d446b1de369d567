CREATE TABLE "legislative_sources" (
	"city_id" uuid PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"token" text,
	"time_zone" text NOT NULL,
	"vote_patterns" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_synced_at" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legislative_sources_client_id_format" CHECK ("legislative_sources"."client_id" ~ '^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?$')
);
--> statement-breakpoint
CREATE TABLE "legistar_bodies" (
	"city_id" uuid NOT NULL,
	"legistar_id" integer NOT NULL,
	"raw" jsonb NOT NULL,
	"last_modified" timestamp with time zone,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"type_name" text,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "legistar_bodies_city_id_legistar_id_pk" PRIMARY KEY("city_id","legistar_id")
);
--> statement-breakpoint
CREATE TABLE "legistar_event_items" (
	"city_id" uuid NOT NULL,
	"legistar_id" integer NOT NULL,
	"raw" jsonb NOT NULL,
	"last_modified" timestamp with time zone,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"event_legistar_id" integer NOT NULL,
	"agenda_sequence" integer,
	"agenda_number" text,
	"title" text,
	"action_name" text,
	"passed_flag_name" text,
	"tally" text,
	"mover" text,
	"seconder" text,
	"consent" boolean DEFAULT false NOT NULL,
	"matter_legistar_id" integer,
	"matter_file" text,
	"video_index" integer,
	CONSTRAINT "legistar_event_items_city_id_legistar_id_pk" PRIMARY KEY("city_id","legistar_id")
);
--> statement-breakpoint
CREATE TABLE "legistar_events" (
	"city_id" uuid NOT NULL,
	"legistar_id" integer NOT NULL,
	"raw" jsonb NOT NULL,
	"last_modified" timestamp with time zone,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"body_legistar_id" integer NOT NULL,
	"body_name" text,
	"date" date,
	"time" text,
	"location" text,
	"agenda_url" text,
	"minutes_url" text,
	"page_url" text,
	CONSTRAINT "legistar_events_city_id_legistar_id_pk" PRIMARY KEY("city_id","legistar_id")
);
--> statement-breakpoint
CREATE TABLE "legistar_matter_attachments" (
	"city_id" uuid NOT NULL,
	"legistar_id" integer NOT NULL,
	"raw" jsonb NOT NULL,
	"last_modified" timestamp with time zone,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"matter_legistar_id" integer NOT NULL,
	"name" text,
	"url" text,
	CONSTRAINT "legistar_matter_attachments_city_id_legistar_id_pk" PRIMARY KEY("city_id","legistar_id")
);
--> statement-breakpoint
CREATE TABLE "legistar_matter_histories" (
	"city_id" uuid NOT NULL,
	"legistar_id" integer NOT NULL,
	"raw" jsonb NOT NULL,
	"last_modified" timestamp with time zone,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"matter_legistar_id" integer NOT NULL,
	"event_legistar_id" integer,
	"action_date" date,
	"action_name" text,
	"body_name" text,
	"passed_flag_name" text,
	"tally" text,
	"mover" text,
	"seconder" text,
	CONSTRAINT "legistar_matter_histories_city_id_legistar_id_pk" PRIMARY KEY("city_id","legistar_id")
);
--> statement-breakpoint
CREATE TABLE "legistar_matter_sponsors" (
	"city_id" uuid NOT NULL,
	"legistar_id" integer NOT NULL,
	"raw" jsonb NOT NULL,
	"last_modified" timestamp with time zone,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"matter_legistar_id" integer NOT NULL,
	"person_legistar_id" integer,
	"name" text,
	"sequence" integer,
	CONSTRAINT "legistar_matter_sponsors_city_id_legistar_id_pk" PRIMARY KEY("city_id","legistar_id")
);
--> statement-breakpoint
CREATE TABLE "legistar_matters" (
	"city_id" uuid NOT NULL,
	"legistar_id" integer NOT NULL,
	"raw" jsonb NOT NULL,
	"last_modified" timestamp with time zone,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"file" text,
	"title" text,
	"type_name" text,
	"status_name" text,
	"body_legistar_id" integer,
	"intro_date" date,
	"passed_date" date,
	CONSTRAINT "legistar_matters_city_id_legistar_id_pk" PRIMARY KEY("city_id","legistar_id")
);
--> statement-breakpoint
CREATE TABLE "legistar_office_records" (
	"city_id" uuid NOT NULL,
	"legistar_id" integer NOT NULL,
	"raw" jsonb NOT NULL,
	"last_modified" timestamp with time zone,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"person_legistar_id" integer NOT NULL,
	"body_legistar_id" integer NOT NULL,
	"title" text,
	"member_type" text,
	"start_date" date,
	"end_date" date,
	CONSTRAINT "legistar_office_records_city_id_legistar_id_pk" PRIMARY KEY("city_id","legistar_id")
);
--> statement-breakpoint
CREATE TABLE "legistar_persons" (
	"city_id" uuid NOT NULL,
	"legistar_id" integer NOT NULL,
	"raw" jsonb NOT NULL,
	"last_modified" timestamp with time zone,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"full_name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "legistar_persons_city_id_legistar_id_pk" PRIMARY KEY("city_id","legistar_id")
);
--> statement-breakpoint
CREATE TABLE "legistar_votes" (
	"city_id" uuid NOT NULL,
	"legistar_id" integer NOT NULL,
	"raw" jsonb NOT NULL,
	"last_modified" timestamp with time zone,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"event_item_legistar_id" integer NOT NULL,
	"person_legistar_id" integer NOT NULL,
	"person_name" text,
	"value_name" text,
	"value" text,
	CONSTRAINT "legistar_votes_city_id_kind_legistar_id_pk" PRIMARY KEY("city_id","kind","legistar_id"),
	CONSTRAINT "legistar_votes_kind_check" CHECK ("legistar_votes"."kind" in ('vote', 'roll-call')),
	CONSTRAINT "legistar_votes_value_check" CHECK ("legistar_votes"."value" is null or "legistar_votes"."value" in ('yes', 'no', 'abstain', 'absent', 'recused', 'present'))
);
--> statement-breakpoint
ALTER TABLE "legislative_sources" ADD CONSTRAINT "legislative_sources_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legistar_bodies" ADD CONSTRAINT "legistar_bodies_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legistar_event_items" ADD CONSTRAINT "legistar_event_items_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legistar_event_items" ADD CONSTRAINT "legistar_event_items_event_fk" FOREIGN KEY ("city_id","event_legistar_id") REFERENCES "public"."legistar_events"("city_id","legistar_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legistar_events" ADD CONSTRAINT "legistar_events_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legistar_matter_attachments" ADD CONSTRAINT "legistar_matter_attachments_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legistar_matter_attachments" ADD CONSTRAINT "legistar_matter_attachments_matter_fk" FOREIGN KEY ("city_id","matter_legistar_id") REFERENCES "public"."legistar_matters"("city_id","legistar_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legistar_matter_histories" ADD CONSTRAINT "legistar_matter_histories_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legistar_matter_histories" ADD CONSTRAINT "legistar_matter_histories_matter_fk" FOREIGN KEY ("city_id","matter_legistar_id") REFERENCES "public"."legistar_matters"("city_id","legistar_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legistar_matter_sponsors" ADD CONSTRAINT "legistar_matter_sponsors_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legistar_matter_sponsors" ADD CONSTRAINT "legistar_matter_sponsors_matter_fk" FOREIGN KEY ("city_id","matter_legistar_id") REFERENCES "public"."legistar_matters"("city_id","legistar_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legistar_matters" ADD CONSTRAINT "legistar_matters_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legistar_office_records" ADD CONSTRAINT "legistar_office_records_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legistar_persons" ADD CONSTRAINT "legistar_persons_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legistar_votes" ADD CONSTRAINT "legistar_votes_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legistar_votes" ADD CONSTRAINT "legistar_votes_event_item_fk" FOREIGN KEY ("city_id","event_item_legistar_id") REFERENCES "public"."legistar_event_items"("city_id","legistar_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "legistar_event_items_event_idx" ON "legistar_event_items" USING btree ("city_id","event_legistar_id","agenda_sequence");--> statement-breakpoint
CREATE INDEX "legistar_event_items_matter_idx" ON "legistar_event_items" USING btree ("city_id","matter_legistar_id");--> statement-breakpoint
CREATE INDEX "legistar_events_date_idx" ON "legistar_events" USING btree ("city_id","date");--> statement-breakpoint
CREATE INDEX "legistar_events_body_date_idx" ON "legistar_events" USING btree ("city_id","body_legistar_id","date");--> statement-breakpoint
CREATE INDEX "legistar_matter_attachments_matter_idx" ON "legistar_matter_attachments" USING btree ("city_id","matter_legistar_id");--> statement-breakpoint
CREATE INDEX "legistar_matter_histories_matter_idx" ON "legistar_matter_histories" USING btree ("city_id","matter_legistar_id","action_date");--> statement-breakpoint
CREATE INDEX "legistar_matter_sponsors_matter_idx" ON "legistar_matter_sponsors" USING btree ("city_id","matter_legistar_id");--> statement-breakpoint
CREATE INDEX "legistar_matter_sponsors_person_idx" ON "legistar_matter_sponsors" USING btree ("city_id","person_legistar_id");--> statement-breakpoint
CREATE INDEX "legistar_matters_file_idx" ON "legistar_matters" USING btree ("city_id","file");--> statement-breakpoint
CREATE INDEX "legistar_office_records_person_idx" ON "legistar_office_records" USING btree ("city_id","person_legistar_id");--> statement-breakpoint
CREATE INDEX "legistar_office_records_body_idx" ON "legistar_office_records" USING btree ("city_id","body_legistar_id");--> statement-breakpoint
CREATE INDEX "legistar_votes_item_idx" ON "legistar_votes" USING btree ("city_id","event_item_legistar_id");--> statement-breakpoint
CREATE INDEX "legistar_votes_person_idx" ON "legistar_votes" USING btree ("city_id","person_legistar_id");