-- A stored image belongs to one post (ADR 009): deleting the post deletes the file, so a second
-- post pointing at it would lose its image, and keep it from its author's deletion. A post that
-- reused another's image before this index existed loses the reference; the earliest post, whose
-- author uploaded it, keeps it.
UPDATE "posts" SET "image_url" = NULL
WHERE "image_url" IS NOT NULL AND EXISTS (
  SELECT 1 FROM "posts" AS "first"
  WHERE "first"."image_url" = "posts"."image_url"
    AND ("first"."created_at", "first"."id") < ("posts"."created_at", "posts"."id")
);--> statement-breakpoint
CREATE UNIQUE INDEX "posts_image_url_key" ON "posts" USING btree ("image_url") WHERE "posts"."image_url" is not null;
