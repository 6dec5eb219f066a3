-- The slug of readable post URLs: lower-case, accents folded (unaccent), every run of other
-- characters turned into one hyphen, at most 80 characters, no hyphen at either end.
-- A SQL-standard body binds unaccent and its dictionary when the function is created, so it
-- is safe as IMMUTABLE in generated columns whatever the search_path later.
CREATE FUNCTION tremplin_slug(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN btrim(left(btrim(regexp_replace(lower(unaccent('unaccent'::regdictionary, value)), '[^a-z0-9]+', '-', 'g'), '-'), 80), '-');
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "title_slug" text GENERATED ALWAYS AS (tremplin_slug(title)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "slug" text GENERATED ALWAYS AS (tremplin_slug(first_name || ' ' || last_name)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "posts_readable_idx" ON "posts" USING btree ("author_id","title_slug","created_at","id");--> statement-breakpoint
CREATE INDEX "profiles_slug_idx" ON "profiles" USING btree ("slug");