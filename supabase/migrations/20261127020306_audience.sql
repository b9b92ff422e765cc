ALTER TYPE "public"."schedule_kind" ADD VALUE 'analytics';--> statement-breakpoint
ALTER TYPE "public"."schedule_kind" ADD VALUE 'links';--> statement-breakpoint
CREATE TABLE "analytics_daily" (
	"dimension" text NOT NULL,
	"day" date NOT NULL,
	"value" text NOT NULL,
	"views" integer NOT NULL,
	"visitors" integer NOT NULL,
	CONSTRAINT "analytics_daily_dimension_day_value_pk" PRIMARY KEY("dimension","day","value"),
	CONSTRAINT "analytics_daily_dimension_valid" CHECK ("analytics_daily"."dimension" IN ('total', 'page', 'source', 'medium', 'campaign', 'device')),
	CONSTRAINT "analytics_daily_counts_valid" CHECK ("analytics_daily"."views" >= 0 AND "analytics_daily"."visitors" >= 0)
);
--> statement-breakpoint
ALTER TABLE "analytics_daily" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "analytics_daily_clicks" (
	"day" date NOT NULL,
	"item_kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"clicks" integer NOT NULL,
	"visitors" integer NOT NULL,
	CONSTRAINT "analytics_daily_clicks_day_item_kind_item_id_pk" PRIMARY KEY("day","item_kind","item_id"),
	CONSTRAINT "analytics_daily_clicks_kind_valid" CHECK ("analytics_daily_clicks"."item_kind" IN ('hardware', 'game')),
	CONSTRAINT "analytics_daily_clicks_counts_valid" CHECK ("analytics_daily_clicks"."clicks" >= 0 AND "analytics_daily_clicks"."visitors" >= 0)
);
--> statement-breakpoint
ALTER TABLE "analytics_daily_clicks" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"path" text,
	"item_kind" text,
	"item_id" integer,
	"referrer_host" text,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"device" text NOT NULL,
	"visitor" text NOT NULL,
	"weight" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "analytics_events_kind_valid" CHECK ("analytics_events"."kind" IN ('view', 'click')),
	CONSTRAINT "analytics_events_subject" CHECK (("analytics_events"."kind" = 'view' AND "analytics_events"."path" IS NOT NULL AND "analytics_events"."item_kind" IS NULL) OR ("analytics_events"."kind" = 'click' AND "analytics_events"."path" IS NULL AND "analytics_events"."item_kind" IN ('hardware', 'game') AND "analytics_events"."item_id" IS NOT NULL)),
	CONSTRAINT "analytics_events_device_valid" CHECK ("analytics_events"."device" IN ('mobile', 'tablet', 'desktop', 'unknown')),
	CONSTRAINT "analytics_events_weight_valid" CHECK ("analytics_events"."weight" BETWEEN 1 AND 1000)
);
--> statement-breakpoint
ALTER TABLE "analytics_events" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "analytics_folds" (
	"day" date PRIMARY KEY NOT NULL,
	"events" integer NOT NULL,
	"folded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_folds" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "analytics_monthly" (
	"dimension" text NOT NULL,
	"month" date NOT NULL,
	"value" text NOT NULL,
	"views" integer NOT NULL,
	"visitors" integer NOT NULL,
	CONSTRAINT "analytics_monthly_dimension_month_value_pk" PRIMARY KEY("dimension","month","value"),
	CONSTRAINT "analytics_monthly_dimension_valid" CHECK ("analytics_monthly"."dimension" IN ('page', 'source', 'medium', 'campaign', 'device')),
	CONSTRAINT "analytics_monthly_first_day" CHECK (extract(day from "analytics_monthly"."month") = 1),
	CONSTRAINT "analytics_monthly_counts_valid" CHECK ("analytics_monthly"."views" >= 0 AND "analytics_monthly"."visitors" >= 0)
);
--> statement-breakpoint
ALTER TABLE "analytics_monthly" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "analytics_rate" (
	"key" text NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"hits" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "analytics_rate_key_minute_pk" PRIMARY KEY("key","minute")
);
--> statement-breakpoint
ALTER TABLE "analytics_rate" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "analytics_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_salts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "analytics_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sample_rate" integer DEFAULT 1 NOT NULL,
	"gear_by_clicks" boolean DEFAULT false NOT NULL,
	"most_read" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analytics_settings_singleton" CHECK ("analytics_settings"."id" = 1),
	CONSTRAINT "analytics_settings_sample_rate" CHECK ("analytics_settings"."sample_rate" BETWEEN 1 AND 1000)
);
--> statement-breakpoint
ALTER TABLE "analytics_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "link_checks" (
	"item_kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"url" text NOT NULL,
	"status" text NOT NULL,
	"http_status" integer,
	"final_url" text,
	"error" text,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "link_checks_item_kind_item_id_pk" PRIMARY KEY("item_kind","item_id"),
	CONSTRAINT "link_checks_kind_valid" CHECK ("link_checks"."item_kind" IN ('hardware', 'game')),
	CONSTRAINT "link_checks_status_valid" CHECK ("link_checks"."status" IN ('working', 'redirected', 'broken'))
);
--> statement-breakpoint
ALTER TABLE "link_checks" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "analytics_events_at_idx" ON "analytics_events" USING brin ("at");--> statement-breakpoint
CREATE INDEX "analytics_rate_minute_idx" ON "analytics_rate" USING btree ("minute");