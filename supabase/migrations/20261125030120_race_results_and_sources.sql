CREATE TABLE "outbound_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"service" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbound_requests" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "race_laps" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"driver_name" text NOT NULL,
	"driver_key" text NOT NULL,
	"team" text DEFAULT '' NOT NULL,
	"car" text NOT NULL,
	"track" text NOT NULL,
	"lap_ms" integer NOT NULL,
	"lap_number" integer NOT NULL,
	"set_at" timestamp with time zone NOT NULL,
	"personal_best" boolean DEFAULT false NOT NULL,
	CONSTRAINT "race_laps_time_valid" CHECK ("race_laps"."lap_ms" > 0)
);
--> statement-breakpoint
ALTER TABLE "race_laps" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "race_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"set_id" integer,
	"round" integer,
	"file_hash" text NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"format" text NOT NULL,
	"session_type" text NOT NULL,
	"track" text NOT NULL,
	"server_name" text DEFAULT '' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"classification" jsonb NOT NULL,
	"lap_count" integer DEFAULT 0 NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "race_sessions_format_valid" CHECK ("race_sessions"."format" IN ('acc', 'lmu')),
	CONSTRAINT "race_sessions_type_valid" CHECK ("race_sessions"."session_type" IN ('race', 'qualifying', 'practice', 'warmup')),
	CONSTRAINT "race_sessions_round_valid" CHECK ("race_sessions"."round" IS NULL OR "race_sessions"."round" BETWEEN 1 AND 1000),
	CONSTRAINT "race_sessions_track_not_blank" CHECK (length(trim("race_sessions"."track")) > 0)
);
--> statement-breakpoint
ALTER TABLE "race_sessions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "standings_sets" ADD COLUMN "source" text DEFAULT 'ai' NOT NULL;--> statement-breakpoint
ALTER TABLE "standings_sets" ADD COLUMN "source_series" text;--> statement-breakpoint
ALTER TABLE "standings_sets" ADD COLUMN "source_season" text;--> statement-breakpoint
ALTER TABLE "standings_sets" ADD COLUMN "points_system" jsonb;--> statement-breakpoint
ALTER TABLE "standings_sets" ADD COLUMN "source_urls" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "race_laps" ADD CONSTRAINT "race_laps_session_id_race_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."race_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "race_sessions" ADD CONSTRAINT "race_sessions_set_id_standings_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."standings_sets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbound_requests_service_idx" ON "outbound_requests" USING btree ("service","requested_at");--> statement-breakpoint
CREATE INDEX "race_laps_session_idx" ON "race_laps" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "race_laps_group_idx" ON "race_laps" USING btree ("track","car","driver_key","lap_ms");--> statement-breakpoint
CREATE INDEX "race_laps_best_idx" ON "race_laps" USING btree ("lap_ms","id") WHERE "race_laps"."personal_best";--> statement-breakpoint
CREATE INDEX "race_laps_best_track_idx" ON "race_laps" USING btree ("track","lap_ms","id") WHERE "race_laps"."personal_best";--> statement-breakpoint
CREATE INDEX "race_laps_best_track_car_idx" ON "race_laps" USING btree ("track","car","lap_ms","id") WHERE "race_laps"."personal_best";--> statement-breakpoint
CREATE UNIQUE INDEX "race_sessions_file_hash_idx" ON "race_sessions" USING btree ("file_hash");--> statement-breakpoint
CREATE INDEX "race_sessions_set_idx" ON "race_sessions" USING btree ("set_id","round");--> statement-breakpoint
ALTER TABLE "standings_sets" ADD CONSTRAINT "standings_sets_source_valid" CHECK ("standings_sets"."source" IN ('ai', 'jolpica', 'results'));--> statement-breakpoint
ALTER TABLE "standings_sets" ADD CONSTRAINT "standings_sets_jolpica_named" CHECK ("standings_sets"."source" <> 'jolpica' OR ("standings_sets"."source_series" IS NOT NULL AND "standings_sets"."source_season" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "standings_sets" ADD CONSTRAINT "standings_sets_results_scored" CHECK ("standings_sets"."source" <> 'results' OR "standings_sets"."points_system" IS NOT NULL);