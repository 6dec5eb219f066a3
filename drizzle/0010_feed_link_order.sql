-- Community feeds read in order from their link tables (ADR 013): each link carries its post's
-- created_at, kept equal by triggers, under a (community, created_at DESC, post_id DESC) index.
-- The (community, post_id) indexes and posts_sector_feed_idx (unused: the sector filter reads
-- post_sectors) are replaced. posts_readable_idx now leads with the title slug, so that a
-- member's page is read from posts_author_feed_idx in order, never sorted.
DROP INDEX "post_categories_category_idx";--> statement-breakpoint
DROP INDEX "post_sectors_sector_idx";--> statement-breakpoint
DROP INDEX "posts_sector_feed_idx";--> statement-breakpoint
DROP INDEX "posts_readable_idx";--> statement-breakpoint
ALTER TABLE "post_categories" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "post_sectors" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Existing links first, before the triggers exist.
UPDATE "post_categories" SET "created_at" = "posts"."created_at" FROM "posts" WHERE "posts"."id" = "post_categories"."post_id";--> statement-breakpoint
UPDATE "post_sectors" SET "created_at" = "posts"."created_at" FROM "posts" WHERE "posts"."id" = "post_sectors"."post_id";--> statement-breakpoint
-- A link takes its post's created_at whatever the writer sent (an unknown post is left to the
-- foreign key's own error).
CREATE FUNCTION copy_post_created_at() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.created_at := coalesce((SELECT created_at FROM posts WHERE id = NEW.post_id), NEW.created_at);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER post_categories_created_at BEFORE INSERT OR UPDATE ON post_categories
FOR EACH ROW EXECUTE FUNCTION copy_post_created_at();--> statement-breakpoint
CREATE TRIGGER post_sectors_created_at BEFORE INSERT OR UPDATE ON post_sectors
FOR EACH ROW EXECUTE FUNCTION copy_post_created_at();--> statement-breakpoint
-- Posts keep their date, but should one change, its links follow.
CREATE FUNCTION propagate_post_created_at() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE post_categories SET created_at = NEW.created_at WHERE post_id = NEW.id;
  UPDATE post_sectors SET created_at = NEW.created_at WHERE post_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER posts_created_at_to_links AFTER UPDATE OF created_at ON posts
FOR EACH ROW WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at)
EXECUTE FUNCTION propagate_post_created_at();--> statement-breakpoint
CREATE INDEX "post_categories_feed_idx" ON "post_categories" USING btree ("category_id","created_at" DESC NULLS LAST,"post_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "post_sectors_feed_idx" ON "post_sectors" USING btree ("sector_id","created_at" DESC NULLS LAST,"post_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posts_readable_idx" ON "posts" USING btree ("title_slug","author_id","created_at","id");
