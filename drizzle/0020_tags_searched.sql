-- A post's tags join its search document, weighted as its title: the post page links each tag
-- to a search for it (ADR 008), which read only the title and the content before. A generated
-- column's expression must be immutable, which array_to_string is not declared to be: this
-- function is, for text[] (whose elements' text is themselves).
CREATE FUNCTION tremplin_tags_text(tags text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN coalesce(array_to_string(tags, ' '), '');
--> statement-breakpoint
ALTER TABLE "posts" DROP COLUMN "search_vector";--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('tremplin_french', coalesce("title", '')), 'A') || setweight(to_tsvector('tremplin_french', tremplin_tags_text("tags")), 'A') || setweight(to_tsvector('tremplin_french', coalesce("content", '')), 'B')) STORED;--> statement-breakpoint
CREATE INDEX "posts_search_idx" ON "posts" USING gin ("search_vector");
