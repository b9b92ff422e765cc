CREATE TABLE "purge_queue" (
	"tag" text PRIMARY KEY NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "purge_queue" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "purges" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"ok" boolean NOT NULL,
	"status" integer,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "purges" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "purge_queue_next_idx" ON "purge_queue" USING btree ("next_attempt_at");--> statement-breakpoint
CREATE INDEX "purges_at_idx" ON "purges" USING btree ("at" DESC NULLS LAST);