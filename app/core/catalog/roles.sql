-- PerfDelta team catalog: the roles that read it and publish to it.
--
-- Run once as the catalog database's owner, after `perfdelta catalog init --url ...` made the
-- schema (psql -d perfcatalog -f roles.sql). The catalog's tests run this file as it is.
--
--   perfdelta_reader     search, pull, trend: SELECT on the catalog, nothing else.
--   perfdelta_publisher  publish (and --append): adds, updates and removes what publishing
--                        writes; cannot change the schema or its migration log.
--
-- People log in with roles of their own that are members of one of these (examples at the end).
-- A role in neither reads nothing: PostgreSQL refuses it the schema.

DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'perfdelta_reader') THEN
    CREATE ROLE perfdelta_reader NOLOGIN;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'perfdelta_publisher') THEN
    CREATE ROLE perfdelta_publisher NOLOGIN IN ROLE perfdelta_reader;
  END IF;
  EXECUTE format('GRANT CONNECT ON DATABASE %I TO perfdelta_reader', current_database());
END
$$;

-- Nobody else reads the catalog's schema.
REVOKE ALL ON SCHEMA perfdelta FROM PUBLIC;
GRANT USAGE ON SCHEMA perfdelta TO perfdelta_reader;

GRANT SELECT ON ALL TABLES IN SCHEMA perfdelta TO perfdelta_reader;
GRANT INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA perfdelta TO perfdelta_publisher;
GRANT USAGE ON ALL SEQUENCES IN SCHEMA perfdelta TO perfdelta_publisher;
-- The migration log is the owner's alone: a publisher cannot make a catalog look migrated.
REVOKE INSERT, UPDATE, DELETE ON perfdelta.schema_migrations FROM perfdelta_publisher;

-- Tables a later migration adds (run by the same owner) get the same grants.
ALTER DEFAULT PRIVILEGES IN SCHEMA perfdelta GRANT SELECT ON TABLES TO perfdelta_reader;
ALTER DEFAULT PRIVILEGES IN SCHEMA perfdelta GRANT INSERT, UPDATE, DELETE ON TABLES TO perfdelta_publisher;
ALTER DEFAULT PRIVILEGES IN SCHEMA perfdelta GRANT USAGE ON SEQUENCES TO perfdelta_publisher;

-- People (their passwords go in their own ~/.pgpass, never in a command line or a study):
--   CREATE ROLE alice LOGIN PASSWORD '...' IN ROLE perfdelta_publisher;
--   CREATE ROLE bob   LOGIN PASSWORD '...' IN ROLE perfdelta_reader;
-- Over the network, require TLS and passwords in pg_hba.conf:
--   hostssl perfcatalog +perfdelta_reader 10.0.0.0/8 scram-sha-256
