-- Rows the application expects to exist in every database (not demo content).
INSERT INTO "ai_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "scheduler_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "scheduler_jobs" ("kind", "frequency", "day_of_week", "hour", "minute") VALUES ('standings', 'weekly', 1, 6, 0), ('news', 'weekly', 1, 6, 0) ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "publish_state" ("id") VALUES (1) ON CONFLICT DO NOTHING;
