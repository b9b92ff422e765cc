ALTER TABLE "games" ADD COLUMN "store_fields" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "store_values" jsonb;--> statement-breakpoint
ALTER TABLE "streams" ADD COLUMN "platform_texts" boolean DEFAULT false NOT NULL;