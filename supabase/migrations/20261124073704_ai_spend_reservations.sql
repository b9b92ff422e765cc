CREATE TABLE "ai_spend_reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"service" "ai_service" NOT NULL,
	"feature" text NOT NULL,
	"amount" numeric(12, 6) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ai_spend_reservations_amount" CHECK ("ai_spend_reservations"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "ai_spend_reservations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "ai_spend_reservations_expires_idx" ON "ai_spend_reservations" USING btree ("expires_at");