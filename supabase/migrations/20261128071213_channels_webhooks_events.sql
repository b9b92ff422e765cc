CREATE TABLE "channel_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"subject_kind" text NOT NULL,
	"subject_id" integer,
	"reason" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"last_status" integer,
	"last_error" text,
	"post_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "channel_deliveries_status_valid" CHECK ("channel_deliveries"."status" IN ('waiting', 'sending', 'sent', 'failed', 'cancelled', 'in-doubt'))
);
--> statement-breakpoint
ALTER TABLE "channel_deliveries" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "channels" (
	"kind" text PRIMARY KEY NOT NULL,
	"account" text DEFAULT '' NOT NULL,
	"server_url" text,
	"secret" text NOT NULL,
	"announce_articles" boolean DEFAULT true NOT NULL,
	"announce_results" boolean DEFAULT true NOT NULL,
	"paused_at" timestamp with time zone,
	"paused_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channels_kind_valid" CHECK ("channels"."kind" IN ('discord', 'bluesky', 'mastodon'))
);
--> statement-breakpoint
ALTER TABLE "channels" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "page_changes" (
	"path" text PRIMARY KEY NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"indexnow_due" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "page_changes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "site_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"data" jsonb NOT NULL,
	"tx" bigint DEFAULT txid_current() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"dispatched_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "site_events" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_id" text NOT NULL,
	"webhook_id" integer NOT NULL,
	"event" text NOT NULL,
	"subject" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"answer_status" integer,
	"answer" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "webhook_deliveries_message_id_unique" UNIQUE("message_id"),
	CONSTRAINT "webhook_deliveries_status_valid" CHECK ("webhook_deliveries"."status" IN ('waiting', 'sending', 'delivered', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "webhooks" (
	"id" serial PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"url" text NOT NULL,
	"secret" text NOT NULL,
	"events" text[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhooks" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_id_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "channel_deliveries_announced_once" ON "channel_deliveries" USING btree ("channel","subject_kind","subject_id") WHERE "channel_deliveries"."reason" = 'announce';--> statement-breakpoint
CREATE INDEX "channel_deliveries_due_idx" ON "channel_deliveries" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "page_changes_indexnow_due_idx" ON "page_changes" USING btree ("indexnow_due");--> statement-breakpoint
CREATE UNIQUE INDEX "site_events_once_a_transaction" ON "site_events" USING btree ("tx","kind","subject");--> statement-breakpoint
CREATE INDEX "site_events_at_idx" ON "site_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "site_events_waiting_idx" ON "site_events" USING btree ("id") WHERE "site_events"."dispatched_at" IS NULL;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_webhook_idx" ON "webhook_deliveries" USING btree ("webhook_id","id");