CREATE TYPE "public"."newsletter_recipient_status" AS ENUM('pending', 'claimed', 'sent', 'failed', 'skipped');--> statement-breakpoint
CREATE TYPE "public"."newsletter_digest_status" AS ENUM('sending', 'sent', 'stopped', 'empty');--> statement-breakpoint
CREATE TYPE "public"."newsletter_status" AS ENUM('pending', 'confirmed', 'unsubscribed', 'bounced');--> statement-breakpoint
ALTER TYPE "public"."schedule_kind" ADD VALUE 'digest';--> statement-breakpoint
CREATE TABLE "newsletter_consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"page" text NOT NULL,
	"text" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"send_error" text
);
--> statement-breakpoint
ALTER TABLE "newsletter_consents" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "newsletter_digest_recipients" (
	"digest_id" integer NOT NULL,
	"subscriber_id" integer NOT NULL,
	"status" "newsletter_recipient_status" DEFAULT 'pending' NOT NULL,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	CONSTRAINT "newsletter_digest_recipients_digest_id_subscriber_id_pk" PRIMARY KEY("digest_id","subscriber_id")
);
--> statement-breakpoint
ALTER TABLE "newsletter_digest_recipients" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "newsletter_digests" (
	"id" serial PRIMARY KEY NOT NULL,
	"slot_key" text NOT NULL,
	"frequency" "schedule_frequency" NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"article_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"subject" text NOT NULL,
	"html" text DEFAULT '' NOT NULL,
	"text_body" text DEFAULT '' NOT NULL,
	"status" "newsletter_digest_status" DEFAULT 'sending' NOT NULL,
	"recipients" integer DEFAULT 0 NOT NULL,
	"job_id" integer,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "newsletter_digests_period_valid" CHECK ("newsletter_digests"."period_start" <= "newsletter_digests"."period_end")
);
--> statement-breakpoint
ALTER TABLE "newsletter_digests" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "newsletter_signup_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"network" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "newsletter_signup_attempts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "newsletter_subscribers" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"status" "newsletter_status" DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"bounced_at" timestamp with time zone,
	"bounce_reason" text,
	"confirmation_sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_subscribers_email_lower" CHECK ("newsletter_subscribers"."email" = lower("newsletter_subscribers"."email") AND length("newsletter_subscribers"."email") BETWEEN 3 AND 254),
	CONSTRAINT "newsletter_subscribers_confirmed_has_time" CHECK ("newsletter_subscribers"."status" <> 'confirmed' OR "newsletter_subscribers"."confirmed_at" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "newsletter_consents" ADD CONSTRAINT "newsletter_consents_subscriber_id_newsletter_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."newsletter_subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_digest_recipients" ADD CONSTRAINT "newsletter_digest_recipients_digest_id_newsletter_digests_id_fk" FOREIGN KEY ("digest_id") REFERENCES "public"."newsletter_digests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_digests" ADD CONSTRAINT "newsletter_digests_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "newsletter_consents_subscriber_idx" ON "newsletter_consents" USING btree ("subscriber_id");--> statement-breakpoint
CREATE INDEX "newsletter_consents_created_idx" ON "newsletter_consents" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "newsletter_digest_recipients_status_idx" ON "newsletter_digest_recipients" USING btree ("digest_id","status");--> statement-breakpoint
CREATE INDEX "newsletter_digest_recipients_subscriber_idx" ON "newsletter_digest_recipients" USING btree ("subscriber_id");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_digests_slot_idx" ON "newsletter_digests" USING btree ("slot_key");--> statement-breakpoint
CREATE INDEX "newsletter_digests_created_idx" ON "newsletter_digests" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "newsletter_signup_attempts_network_idx" ON "newsletter_signup_attempts" USING btree ("network","at");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_email_idx" ON "newsletter_subscribers" USING btree ("email");--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_status_idx" ON "newsletter_subscribers" USING btree ("status");--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_created_idx" ON "newsletter_subscribers" USING btree ("created_at");