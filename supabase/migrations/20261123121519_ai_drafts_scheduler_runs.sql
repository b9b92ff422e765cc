CREATE TYPE "public"."news_status" AS ENUM('draft', 'published');--> statement-breakpoint
ALTER TABLE "ai_call_log" ADD COLUMN "outcome" text DEFAULT 'ok' NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_call_log" ADD COLUMN "http_status" integer;--> statement-breakpoint
ALTER TABLE "ai_call_log" ADD COLUMN "cost_source" text DEFAULT 'price_table' NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "news_articles" ADD COLUMN "status" "news_status" DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "news_articles" ADD COLUMN "ai_generated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "news_articles" ADD COLUMN "sources" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "scheduler_runs" ADD COLUMN "slot_key" text DEFAULT ('run:' || gen_random_uuid()::text) NOT NULL;--> statement-breakpoint
ALTER TABLE "scheduler_runs" ADD COLUMN "job_id" integer;--> statement-breakpoint
ALTER TABLE "scheduler_runs" ADD COLUMN "next_run_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "scheduler_runs" ADD CONSTRAINT "scheduler_runs_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_call_log_time_idx" ON "ai_call_log" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "news_status_idx" ON "news_articles" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "scheduler_runs_slot_key" ON "scheduler_runs" USING btree ("slot_key");--> statement-breakpoint
ALTER TABLE "news_articles" ADD CONSTRAINT "news_ai_has_sources" CHECK (NOT "news_articles"."ai_generated" OR cardinality("news_articles"."sources") >= 2);