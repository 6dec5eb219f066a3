-- Extensions and the French text-search configuration the schema relies on.
-- Both extensions are "trusted" since PostgreSQL 13: a database owner may create them.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_ts_config WHERE cfgname = 'tremplin_french') THEN
    CREATE TEXT SEARCH CONFIGURATION tremplin_french (COPY = pg_catalog.french);
    ALTER TEXT SEARCH CONFIGURATION tremplin_french
      ALTER MAPPING FOR hword, hword_part, word WITH unaccent, french_stem;
  END IF;
END
$$;
