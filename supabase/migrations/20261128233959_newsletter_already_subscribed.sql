-- A confirmed address entered in the form again gets a 'you are already subscribed' email, due from the
-- sign-up and sent after its answer like a confirmation (issue 45, docs/decisions/0805).
ALTER TABLE "newsletter_subscribers" ADD COLUMN "notice_due_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_notice_due_idx" ON "newsletter_subscribers" USING btree ("notice_due_at");
