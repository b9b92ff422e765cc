-- PostgreSQL lets PUBLIC execute every new function, and PUBLIC includes Supabase's `anon` and
-- `authenticated`: a function created later in `public` would be callable through the Data API
-- whatever 20261124065313_row_level_security revoked from those two roles (docs/decisions/0213).
-- A per-schema REVOKE cannot take away a global default (PostgreSQL's ALTER DEFAULT PRIVILEGES), so
-- this one names no schema: it covers every function the migrating role creates from now on. The
-- site calls its own functions as their owner, which keeps EXECUTE.
ALTER DEFAULT PRIVILEGES REVOKE EXECUTE ON FUNCTIONS FROM PUBLIC;--> statement-breakpoint
-- And the functions already in `public` that the migrating role owns (none today), not an extension's.
DO $$
DECLARE
  fn regprocedure;
BEGIN
  FOR fn IN
    SELECT p.oid::regprocedure FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE n.nspname = 'public' AND p.proowner = (SELECT oid FROM pg_roles WHERE rolname = current_user)
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')
  LOOP
    EXECUTE format('REVOKE EXECUTE ON FUNCTION %s FROM PUBLIC', fn);
  END LOOP;
END $$;
