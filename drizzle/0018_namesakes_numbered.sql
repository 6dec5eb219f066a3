-- Readable routes name a post by its number among its namesakes (ADR 059): posts of the same
-- author with the same title slug, numbered in all, on their Paris day and in their Paris minute. The
-- numbers were counted on each read among the posts still there, so deleting an older namesake
-- moved its newer ones' links (the second took the first's). They are now given once, when a
-- post is published, and kept: a deleted post's link names nothing, the others keep theirs.
ALTER TABLE "posts" ADD COLUMN "older_namesakes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "older_same_day" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "older_same_minute" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Every post's author slug equal to its author's first: a post left with a former slug would be
-- numbered apart from its namesakes below.
UPDATE "posts" SET "author_slug" = "profiles"."slug" FROM "profiles"
WHERE "profiles"."id" = "posts"."author_id" AND "posts"."author_slug" IS DISTINCT FROM "profiles"."slug";--> statement-breakpoint
-- Every post numbered as the routes counted until now, oldest first, so that no link made
-- before this migration changes. It numbers from the posts there, so for this migration and a
-- load only (the benchmark's data generator calls it after its own): on a database with past
-- deletions it would move links again.
CREATE FUNCTION number_post_namesakes() RETURNS void
LANGUAGE sql AS $$
  UPDATE posts
  SET older_namesakes = numbered.in_all,
    older_same_day = numbered.same_day,
    older_same_minute = numbered.same_minute
  FROM (
    SELECT id,
      row_number() OVER (PARTITION BY title_slug, author_id ORDER BY created_at, id) - 1 AS in_all,
      row_number() OVER (PARTITION BY title_slug, author_id, paris_day ORDER BY created_at, id) - 1 AS same_day,
      row_number() OVER (PARTITION BY title_slug, author_id, paris_day, paris_minute ORDER BY created_at, id) - 1 AS same_minute
    FROM (
      SELECT id, title_slug, author_id, created_at,
        to_char(created_at AT TIME ZONE 'Europe/Paris', 'YYYY-MM-DD') AS paris_day,
        to_char(created_at AT TIME ZONE 'Europe/Paris', 'HH24"h"MI') AS paris_minute
      FROM posts
      WHERE title_slug <> ''
    ) AS named
  ) AS numbered
  WHERE posts.id = numbered.id
    AND (posts.older_namesakes, posts.older_same_day, posts.older_same_minute)
      IS DISTINCT FROM (numbered.in_all, numbered.same_day, numbered.same_minute)
$$;--> statement-breakpoint
SELECT number_post_namesakes();--> statement-breakpoint
-- A new post takes the next numbers after its namesakes', whatever the writer sent: a number
-- freed by a deletion is not given again while a higher one is held (the highest, once freed,
-- goes to the next namesake: the same title republished by its author). A post whose title,
-- author or date is changed is numbered again among its new namesakes. Namesakes published at
-- once wait for each other: one lock per author and title slug, held to the end of the
-- transaction. A member without a slug yet (a name without letters) is numbered too, for the
-- day they take a name. It runs after posts_author_slug (triggers fire in name order), which
-- sets the author slug it reads: every post of a member carries the same one, so the namesakes
-- are one range of posts_route_idx.
CREATE FUNCTION number_namesake() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  new_title_slug text := tremplin_slug(NEW.title);
  new_day text := to_char(NEW.created_at AT TIME ZONE 'Europe/Paris', 'YYYY-MM-DD');
  new_minute text := to_char(NEW.created_at AT TIME ZONE 'Europe/Paris', 'HH24"h"MI');
BEGIN
  IF TG_OP = 'UPDATE' AND new_title_slug = OLD.title_slug AND NEW.author_id = OLD.author_id
    AND new_day = to_char(OLD.created_at AT TIME ZONE 'Europe/Paris', 'YYYY-MM-DD')
    AND new_minute = to_char(OLD.created_at AT TIME ZONE 'Europe/Paris', 'HH24"h"MI') THEN
    NEW.older_namesakes := OLD.older_namesakes;
    NEW.older_same_day := OLD.older_same_day;
    NEW.older_same_minute := OLD.older_same_minute;
    RETURN NEW;
  END IF;
  NEW.older_namesakes := 0;
  NEW.older_same_day := 0;
  NEW.older_same_minute := 0;
  IF new_title_slug = '' THEN
    RETURN NEW;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('posts:' || NEW.author_id || '/' || new_title_slug, 0));
  SELECT
    coalesce(max(older_namesakes) + 1, 0),
    coalesce(max(older_same_day) FILTER (WHERE to_char(created_at AT TIME ZONE 'Europe/Paris', 'YYYY-MM-DD') = new_day) + 1, 0),
    coalesce(max(older_same_minute) FILTER (WHERE to_char(created_at AT TIME ZONE 'Europe/Paris', 'YYYY-MM-DD') = new_day
      AND to_char(created_at AT TIME ZONE 'Europe/Paris', 'HH24"h"MI') = new_minute) + 1, 0)
  INTO NEW.older_namesakes, NEW.older_same_day, NEW.older_same_minute
  FROM posts
  WHERE title_slug = new_title_slug AND author_slug = NEW.author_slug AND author_id = NEW.author_id
    AND id <> NEW.id;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER posts_namesake_number BEFORE INSERT OR UPDATE OF title, author_id, created_at ON posts
FOR EACH ROW EXECUTE FUNCTION number_namesake();
