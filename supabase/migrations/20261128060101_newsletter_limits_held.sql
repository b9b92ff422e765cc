CREATE TABLE "newsletter_mailbox_limits" (
	"mailbox" text PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "newsletter_mailbox_limits" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "newsletter_consents" ADD COLUMN "mail_due_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "newsletter_consents_mail_due_idx" ON "newsletter_consents" USING btree ("mail_due_at");