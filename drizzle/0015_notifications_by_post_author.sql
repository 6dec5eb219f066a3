-- A member's notifications (ADR 050) are the comments and « J'aime » others left on their posts,
-- newest first. Each comment and vote carries its post's author, copied by a trigger whatever a
-- writer sends, under an index in the notifications' order: a page reads a page of each.
ALTER TABLE "comments" ADD COLUMN "post_author_id" uuid DEFAULT null;--> statement-breakpoint
ALTER TABLE "post_votes" ADD COLUMN "post_author_id" uuid DEFAULT null;--> statement-breakpoint
-- Existing rows first, before the triggers exist.
UPDATE "comments" SET "post_author_id" = "posts"."author_id" FROM "posts" WHERE "posts"."id" = "comments"."post_id";--> statement-breakpoint
UPDATE "post_votes" SET "post_author_id" = "posts"."author_id" FROM "posts" WHERE "posts"."id" = "post_votes"."post_id";--> statement-breakpoint
ALTER TABLE "comments" ALTER COLUMN "post_author_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "post_votes" ALTER COLUMN "post_author_id" SET NOT NULL;--> statement-breakpoint
-- A comment or a vote takes its post's author (an unknown post is left to the foreign key's own
-- error, after this trigger: the NOT NULL check comes first and says the same).
CREATE FUNCTION copy_post_author() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.post_author_id := (SELECT author_id FROM posts WHERE id = NEW.post_id);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER comments_post_author BEFORE INSERT OR UPDATE OF post_id, post_author_id ON comments
FOR EACH ROW EXECUTE FUNCTION copy_post_author();--> statement-breakpoint
CREATE TRIGGER post_votes_post_author BEFORE INSERT OR UPDATE OF post_id, post_author_id ON post_votes
FOR EACH ROW EXECUTE FUNCTION copy_post_author();--> statement-breakpoint
-- Posts keep their author, but should one change, its comments and votes follow.
CREATE FUNCTION propagate_post_author() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE comments SET post_author_id = NEW.author_id WHERE post_id = NEW.id;
  UPDATE post_votes SET post_author_id = NEW.author_id WHERE post_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER posts_author_to_interactions AFTER UPDATE OF author_id ON posts
FOR EACH ROW WHEN (OLD.author_id IS DISTINCT FROM NEW.author_id)
EXECUTE FUNCTION propagate_post_author();--> statement-breakpoint
CREATE INDEX "comments_post_author_idx" ON "comments" USING btree ("post_author_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE author_id <> post_author_id;--> statement-breakpoint
CREATE INDEX "post_votes_post_author_idx" ON "post_votes" USING btree ("post_author_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE vote_type = 'up';
