CREATE TYPE "public"."ai_service" AS ENUM('openai', 'perplexity');--> statement-breakpoint
CREATE TYPE "public"."content_type" AS ENUM('motorsport', 'e-sports');--> statement-breakpoint
CREATE TYPE "public"."schedule_frequency" AS ENUM('weekly', 'daily');--> statement-breakpoint
CREATE TYPE "public"."job_status" AS ENUM('queued', 'running', 'completed', 'failed');--> statement-breakpoint
CREATE TYPE "public"."publish_status" AS ENUM('live', 'pending', 'building');--> statement-breakpoint
CREATE TYPE "public"."schedule_kind" AS ENUM('standings', 'news');--> statement-breakpoint
CREATE TYPE "public"."seo_page" AS ENUM('home', 'games', 'championships', 'accessories', 'news', 'streams', 'reviews');--> statement-breakpoint
CREATE TABLE "accessories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"brand" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"purchase_url" text NOT NULL,
	"rating" text DEFAULT '4.5' NOT NULL,
	"price" text DEFAULT 'Contact Manufacturer' NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accessories_name_not_blank" CHECK (length(trim("accessories"."name")) > 0),
	CONSTRAINT "accessories_purchase_url_not_blank" CHECK (length(trim("accessories"."purchase_url")) > 0)
);
--> statement-breakpoint
CREATE TABLE "admin_credentials" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"password_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_credentials_singleton" CHECK ("admin_credentials"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "admin_sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_call_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"service" "ai_service" NOT NULL,
	"feature" text NOT NULL,
	"model" text NOT NULL,
	"input_tokens" integer DEFAULT 0 NOT NULL,
	"output_tokens" integer DEFAULT 0 NOT NULL,
	"total_tokens" integer DEFAULT 0 NOT NULL,
	"cost" numeric(12, 6) DEFAULT '0' NOT NULL,
	"latency_ms" integer DEFAULT 0 NOT NULL,
	"ok" boolean NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_call_log_tokens_non_negative" CHECK ("ai_call_log"."input_tokens" >= 0 AND "ai_call_log"."output_tokens" >= 0 AND "ai_call_log"."total_tokens" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ai_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"content_prompt" text DEFAULT '' NOT NULL,
	"focus_prompt" text DEFAULT '' NOT NULL,
	"word_count" integer DEFAULT 350 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_settings_singleton" CHECK ("ai_settings"."id" = 1),
	CONSTRAINT "ai_settings_word_count_range" CHECK ("ai_settings"."word_count" BETWEEN 50 AND 3000)
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"method" text NOT NULL,
	"route" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"summary" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "championship_results" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"team" text DEFAULT '' NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"position" integer NOT NULL,
	"championship_type" text DEFAULT 'esports' NOT NULL,
	"last_lap" text,
	"status" text,
	"official_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "championship_results_position_valid" CHECK ("championship_results"."position" >= 1)
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"rating" text DEFAULT '' NOT NULL,
	"website_url" text,
	"steam_url" text,
	"category" text DEFAULT '' NOT NULL,
	"price" text DEFAULT '' NOT NULL,
	"platform" text DEFAULT '' NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "games_title_not_blank" CHECK (length(trim("games"."title")) > 0)
);
--> statement-breakpoint
CREATE TABLE "image_library" (
	"id" serial PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"name" text DEFAULT 'Racing Image' NOT NULL,
	"category" text DEFAULT 'general' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"source" text DEFAULT 'upload' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "image_library_url_not_data" CHECK ("image_library"."url" NOT LIKE 'data:%')
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" "job_status" DEFAULT 'queued' NOT NULL,
	"current_task" text DEFAULT '' NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"input" jsonb,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_progress_valid" CHECK ("jobs"."completed" >= 0 AND "jobs"."total" >= 0 AND "jobs"."completed" <= "jobs"."total")
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_key" text NOT NULL,
	"succeeded" boolean NOT NULL,
	"attempted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news_articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL,
	"content" text NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"category" text DEFAULT 'News' NOT NULL,
	"author" text NOT NULL,
	"source_url" text,
	"content_type" "content_type" DEFAULT 'motorsport' NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_title_not_blank" CHECK (length(trim("news_articles"."title")) > 0),
	CONSTRAINT "news_author_not_blank" CHECK (length(trim("news_articles"."author")) > 0)
);
--> statement-breakpoint
CREATE TABLE "publish_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"status" "publish_status" DEFAULT 'live' NOT NULL,
	"changed_tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"requested_at" timestamp with time zone,
	"build_started_at" timestamp with time zone,
	"live_at" timestamp with time zone,
	"last_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "publish_state_singleton" CHECK ("publish_state"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"author" text DEFAULT '' NOT NULL,
	"rating" numeric(3, 1) NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"source_url" text,
	"game_id" integer,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" >= 0 AND "reviews"."rating" <= 10),
	CONSTRAINT "reviews_title_not_blank" CHECK (length(trim("reviews"."title")) > 0)
);
--> statement-breakpoint
CREATE TABLE "scheduler_jobs" (
	"kind" "schedule_kind" PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"frequency" "schedule_frequency" DEFAULT 'weekly' NOT NULL,
	"day_of_week" integer DEFAULT 1 NOT NULL,
	"hour" integer DEFAULT 6 NOT NULL,
	"minute" integer DEFAULT 0 NOT NULL,
	"last_run_at" timestamp with time zone,
	"next_run_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduler_jobs_day_of_week" CHECK ("scheduler_jobs"."day_of_week" BETWEEN -1 AND 6),
	CONSTRAINT "scheduler_jobs_daily_has_no_day" CHECK (("scheduler_jobs"."frequency" = 'daily') = ("scheduler_jobs"."day_of_week" = -1)),
	CONSTRAINT "scheduler_jobs_hour" CHECK ("scheduler_jobs"."hour" BETWEEN 0 AND 23),
	CONSTRAINT "scheduler_jobs_minute" CHECK ("scheduler_jobs"."minute" IN (0, 15, 30, 45))
);
--> statement-breakpoint
CREATE TABLE "scheduler_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" "schedule_kind" NOT NULL,
	"test_mode" boolean DEFAULT false NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"status" "job_status" DEFAULT 'running' NOT NULL,
	"message" text
);
--> statement-breakpoint
CREATE TABLE "scheduler_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"test_mode" boolean DEFAULT false NOT NULL,
	"test_interval_minutes" integer DEFAULT 2 NOT NULL,
	"generate_news" boolean DEFAULT true NOT NULL,
	"refresh_standings" boolean DEFAULT true NOT NULL,
	"championships" text[] DEFAULT ARRAY['Formula 1','IndyCar Series']::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduler_settings_singleton" CHECK ("scheduler_settings"."id" = 1),
	CONSTRAINT "scheduler_settings_interval_valid" CHECK ("scheduler_settings"."test_interval_minutes" BETWEEN 1 AND 1440)
);
--> statement-breakpoint
CREATE TABLE "seo_settings" (
	"page" "seo_page" PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"keywords" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "standings_rows" (
	"set_id" integer NOT NULL,
	"row_index" integer NOT NULL,
	"position" integer NOT NULL,
	"driver_name" text NOT NULL,
	"team" text DEFAULT '' NOT NULL,
	"points" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "standings_rows_set_id_row_index_pk" PRIMARY KEY("set_id","row_index"),
	CONSTRAINT "standings_rows_index_valid" CHECK ("standings_rows"."row_index" >= 0),
	CONSTRAINT "standings_rows_position_valid" CHECK ("standings_rows"."position" >= 1)
);
--> statement-breakpoint
CREATE TABLE "standings_sets" (
	"id" serial PRIMARY KEY NOT NULL,
	"championship_name" text NOT NULL,
	"season" text DEFAULT '2025' NOT NULL,
	"last_updated" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_rounds" integer,
	"total_rounds" integer,
	"display_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "standings_sets_name_not_blank" CHECK (length(trim("standings_sets"."championship_name")) > 0),
	CONSTRAINT "standings_sets_rounds_valid" CHECK (("standings_sets"."completed_rounds" IS NULL OR "standings_sets"."completed_rounds" >= 0) AND ("standings_sets"."total_rounds" IS NULL OR "standings_sets"."total_rounds" >= 0))
);
--> statement-breakpoint
CREATE TABLE "streams" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" text DEFAULT 'Racing' NOT NULL,
	"stream_url" text,
	"thumbnail_url" text DEFAULT '' NOT NULL,
	"streamer_name" text DEFAULT '' NOT NULL,
	"start_time" timestamp with time zone DEFAULT now() NOT NULL,
	"end_time" timestamp with time zone,
	"is_live" boolean DEFAULT false NOT NULL,
	"viewer_count" integer DEFAULT 0 NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "streams_viewer_count_non_negative" CHECK ("streams"."viewer_count" >= 0),
	CONSTRAINT "streams_title_not_blank" CHECK (length(trim("streams"."title")) > 0)
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standings_rows" ADD CONSTRAINT "standings_rows_set_id_standings_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."standings_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accessories_created_idx" ON "accessories" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "accessories_featured_idx" ON "accessories" USING btree ("featured");--> statement-breakpoint
CREATE INDEX "admin_sessions_expires_idx" ON "admin_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "ai_call_log_service_time_idx" ON "ai_call_log" USING btree ("service","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "championship_results_order_idx" ON "championship_results" USING btree ("championship_type","position");--> statement-breakpoint
CREATE INDEX "games_created_idx" ON "games" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "games_featured_idx" ON "games" USING btree ("featured");--> statement-breakpoint
CREATE INDEX "image_library_created_idx" ON "image_library" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "jobs_created_idx" ON "jobs" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "login_attempts_client_time_idx" ON "login_attempts" USING btree ("client_key","attempted_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "news_order_idx" ON "news_articles" USING btree ("display_order","timestamp" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "news_category_idx" ON "news_articles" USING btree ("category");--> statement-breakpoint
CREATE INDEX "reviews_order_idx" ON "reviews" USING btree ("timestamp" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reviews_game_idx" ON "reviews" USING btree ("game_id");--> statement-breakpoint
CREATE INDEX "scheduler_runs_started_idx" ON "scheduler_runs" USING btree ("started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "standings_sets_order_idx" ON "standings_sets" USING btree ("display_order","id");--> statement-breakpoint
CREATE INDEX "streams_order_idx" ON "streams" USING btree ("is_live" DESC NULLS LAST,"start_time" DESC NULLS LAST,"id" DESC NULLS LAST);