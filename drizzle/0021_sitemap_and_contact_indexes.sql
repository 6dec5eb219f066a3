-- The sitemap's newest profiles read in index order (its posts already walk posts_feed_idx, now
-- that it orders them `nulls last` as that index is built), and a member's contact messages by
-- their user id (the export, and the `set null` of an account deletion), where both read every row.
CREATE INDEX "contact_messages_user_idx" ON "contact_messages" USING btree ("user_id") WHERE "contact_messages"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "profiles_updated_idx" ON "profiles" USING btree ("updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);