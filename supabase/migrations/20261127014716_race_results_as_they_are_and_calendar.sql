CREATE TABLE "calendar_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"set_id" integer,
	"source" text DEFAULT 'owner' NOT NULL,
	"series" text,
	"season" text DEFAULT '' NOT NULL,
	"round" integer,
	"name" text NOT NULL,
	"track" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_events_source_valid" CHECK ("calendar_events"."source" IN ('owner', 'jolpica')),
	CONSTRAINT "calendar_events_owner_has_championship" CHECK ("calendar_events"."source" <> 'owner' OR "calendar_events"."set_id" IS NOT NULL),
	CONSTRAINT "calendar_events_series_named" CHECK ("calendar_events"."source" <> 'jolpica' OR "calendar_events"."series" IS NOT NULL),
	CONSTRAINT "calendar_events_name_not_blank" CHECK (length(trim("calendar_events"."name")) > 0),
	CONSTRAINT "calendar_events_round_valid" CHECK ("calendar_events"."round" IS NULL OR "calendar_events"."round" BETWEEN 1 AND 1000)
);
--> statement-breakpoint
ALTER TABLE "calendar_events" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "calendar_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"uid" text NOT NULL,
	"name" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer DEFAULT 60 NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_sessions_name_not_blank" CHECK (length(trim("calendar_sessions"."name")) > 0),
	CONSTRAINT "calendar_sessions_duration_valid" CHECK ("calendar_sessions"."duration_minutes" BETWEEN 1 AND 10080)
);
--> statement-breakpoint
ALTER TABLE "calendar_sessions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "calendar_sync" (
	"name" text PRIMARY KEY NOT NULL,
	"attempted_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	"season" text,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "calendar_sync" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "race_sessions" ADD COLUMN "session_key" text;--> statement-breakpoint
ALTER TABLE "race_sessions" ADD COLUMN "track_variant" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "race_sessions" ADD COLUMN "start_known" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "standings_sets" ADD COLUMN "car_class" text;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_set_id_standings_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."standings_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_sessions" ADD CONSTRAINT "calendar_sessions_event_id_calendar_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."calendar_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_events_uid_idx" ON "calendar_events" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "calendar_events_set_idx" ON "calendar_events" USING btree ("set_id","round");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_sessions_uid_idx" ON "calendar_sessions" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "calendar_sessions_event_idx" ON "calendar_sessions" USING btree ("event_id","starts_at");--> statement-breakpoint
CREATE INDEX "calendar_sessions_start_idx" ON "calendar_sessions" USING btree ("starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "race_sessions_session_key_idx" ON "race_sessions" USING btree ("session_key");--> statement-breakpoint
ALTER TABLE "standings_sets" ADD CONSTRAINT "standings_sets_class_not_blank" CHECK ("standings_sets"."car_class" IS NULL OR length(trim("standings_sets"."car_class")) > 0);