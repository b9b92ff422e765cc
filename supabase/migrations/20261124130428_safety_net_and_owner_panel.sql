ALTER TYPE "public"."schedule_kind" ADD VALUE 'streams';--> statement-breakpoint
ALTER TYPE "public"."schedule_kind" ADD VALUE 'games';--> statement-breakpoint
CREATE TABLE "revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"entity" text NOT NULL,
	"entity_id" integer NOT NULL,
	"action" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	"changed_fields" text[] DEFAULT '{}'::text[] NOT NULL,
	"actor" text DEFAULT 'admin' NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "revisions_entity_valid" CHECK ("revisions"."entity" IN ('news', 'game', 'accessory', 'stream', 'review', 'standings')),
	CONSTRAINT "revisions_action_valid" CHECK ("revisions"."action" IN ('update', 'delete', 'restore'))
);
--> statement-breakpoint
ALTER TABLE "revisions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "admin_credentials" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "admin_credentials" ADD COLUMN "totp_pending_secret" text;--> statement-breakpoint
ALTER TABLE "admin_credentials" ADD COLUMN "totp_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admin_credentials" ADD COLUMN "totp_last_step" integer;--> statement-breakpoint
ALTER TABLE "admin_credentials" ADD COLUMN "recovery_code_hashes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_sessions" ADD COLUMN "second_factor_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "refreshed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "news_articles" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "platform" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "review_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "scheduler_settings" ADD COLUMN "refresh_streams" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "scheduler_settings" ADD COLUMN "refresh_games" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "standings_rows" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "streams" ADD COLUMN "refreshed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "revisions_entity_idx" ON "revisions" USING btree ("entity","entity_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "news_publish_at_idx" ON "news_articles" USING btree ("publish_at");