-- What a post's image shows, in its author's words (ADR 064): read by screen readers in the
-- image's place. Only beside an image, 300 characters at most, never empty (none is null).
ALTER TABLE "posts" ADD COLUMN "image_alt" text;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_image_alt_with_image" CHECK ("posts"."image_alt" is null or ("posts"."image_url" is not null and char_length("posts"."image_alt") between 1 and 300));