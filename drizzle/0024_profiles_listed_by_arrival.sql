-- The sitemap lists the newest members by their arrival, no longer by their last edit: when a
-- member last changed their profile is theirs, not the public's (ADR 011).
DROP INDEX "profiles_updated_idx";--> statement-breakpoint
CREATE INDEX "profiles_created_idx" ON "profiles" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);