CREATE TABLE "deploys" (
	"id" serial PRIMARY KEY NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"credits" integer DEFAULT 0 NOT NULL,
	"ok" boolean DEFAULT true NOT NULL,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "deploys" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "publish_state" ADD COLUMN "monthly_deploy_budget" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "publish_state" ADD COLUMN "credits_per_deploy" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
CREATE INDEX "deploys_requested_idx" ON "deploys" USING btree ("requested_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "publish_state" ADD CONSTRAINT "publish_state_deploy_budget" CHECK ("publish_state"."monthly_deploy_budget" BETWEEN 0 AND 100000);--> statement-breakpoint
ALTER TABLE "publish_state" ADD CONSTRAINT "publish_state_credits_per_deploy" CHECK ("publish_state"."credits_per_deploy" BETWEEN 0 AND 1000);