CREATE TABLE "analytics_day_slots" (
	"day" date NOT NULL,
	"field" text NOT NULL,
	"used" integer NOT NULL,
	CONSTRAINT "analytics_day_slots_day_field_pk" PRIMARY KEY("day","field")
);
--> statement-breakpoint
ALTER TABLE "analytics_day_slots" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "analytics_day_values" (
	"day" date NOT NULL,
	"field" text NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "analytics_day_values_day_field_value_pk" PRIMARY KEY("day","field","value"),
	CONSTRAINT "analytics_day_values_field_valid" CHECK ("analytics_day_values"."field" IN ('referrer', 'source', 'medium', 'campaign'))
);
--> statement-breakpoint
ALTER TABLE "analytics_day_values" ENABLE ROW LEVEL SECURITY;