-- Readable routes count a post's older namesakes from one index range (ADR 038): each post
-- carries its author's slug, kept equal to the profile's by triggers, under a (title slug,
-- author slug, created_at, id) index. It replaces posts_readable_idx, which read every post
-- with the same title to keep those of the author's namesakes, and profiles_slug_idx, which
-- listed the namesakes.
DROP INDEX "posts_readable_idx";--> statement-breakpoint
DROP INDEX "profiles_slug_idx";--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "author_slug" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Existing posts first, before the triggers exist.
UPDATE "posts" SET "author_slug" = "profiles"."slug" FROM "profiles" WHERE "profiles"."id" = "posts"."author_id";--> statement-breakpoint
-- A post takes its author's slug whatever the writer sent (an unknown author is left to the
-- foreign key's own error).
CREATE FUNCTION copy_author_slug() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.author_slug := coalesce((SELECT slug FROM profiles WHERE id = NEW.author_id), '');
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER posts_author_slug BEFORE INSERT OR UPDATE OF author_id, author_slug ON posts
FOR EACH ROW EXECUTE FUNCTION copy_author_slug();--> statement-breakpoint
-- A renamed member's posts follow their new slug (the slug is generated from the name).
CREATE FUNCTION propagate_author_slug() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE posts SET author_slug = NEW.slug WHERE author_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER profiles_slug_to_posts AFTER UPDATE ON profiles
FOR EACH ROW WHEN (OLD.slug IS DISTINCT FROM NEW.slug)
EXECUTE FUNCTION propagate_author_slug();--> statement-breakpoint
CREATE INDEX "posts_route_idx" ON "posts" USING btree ("title_slug","author_slug","created_at","id");
