ALTER TABLE "accessories" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "admin_credentials" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "admin_sessions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "ai_call_log" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "ai_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "championship_results" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "games" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "image_library" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "jobs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "login_attempts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "news_articles" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "publish_state" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "reviews" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "scheduler_jobs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "scheduler_runs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "scheduler_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "seo_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "site_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "standings_rows" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "standings_sets" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "streams" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
-- Supabase's Data API (PostgREST) serves the `public` schema to whoever holds the project's public
-- anon key, with Supabase's default grants to `anon` and `authenticated` on every table. The site
-- never uses the Data API: every process connects as the tables' owner, which row level security
-- does not restrict. So, on top of RLS without policies (no row for anyone but the owner), those two
-- roles lose every privilege here and on tables created later (docs/decisions/0016).
-- Plain PostgreSQL and PGlite have no such roles: there this block does nothing.
DO $$
DECLARE
  api_role text;
BEGIN
  FOREACH api_role IN ARRAY ARRAY['anon', 'authenticated'] LOOP
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = api_role) THEN
      EXECUTE format('REVOKE ALL ON ALL TABLES IN SCHEMA public FROM %I', api_role);
      EXECUTE format('REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM %I', api_role);
      EXECUTE format('REVOKE ALL ON ALL FUNCTIONS IN SCHEMA public FROM %I', api_role);
      EXECUTE format('ALTER DEFAULT PRIVILEGES IN SCHEMA public REVOKE ALL ON TABLES FROM %I', api_role);
      EXECUTE format('ALTER DEFAULT PRIVILEGES IN SCHEMA public REVOKE ALL ON SEQUENCES FROM %I', api_role);
      EXECUTE format('ALTER DEFAULT PRIVILEGES IN SCHEMA public REVOKE ALL ON FUNCTIONS FROM %I', api_role);
    END IF;
  END LOOP;
END $$;--> statement-breakpoint
-- Extensions live outside the exposed schema (Supabase's own advice): pg_trgm's functions in
-- `public` would be callable through the Data API. ALTER EXTENSION ... SET SCHEMA needs ownership of
-- every member function, which a non-superuser owner does not have for a trusted extension; so the
-- extension is dropped with its one index and created again in `extensions`, then the index too.
CREATE SCHEMA IF NOT EXISTS extensions;--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
    WHERE e.extname = 'pg_trgm' AND n.nspname <> 'extensions'
  ) THEN
    DROP INDEX IF EXISTS "news_search_trgm_idx";
    DROP EXTENSION pg_trgm;
  END IF;
END $$;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA extensions;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "news_search_trgm_idx" ON "news_articles" USING gin ("search_text" extensions.gin_trgm_ops);
