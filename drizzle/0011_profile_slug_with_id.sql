DROP INDEX "profiles_slug_idx";--> statement-breakpoint
CREATE INDEX "profiles_slug_idx" ON "profiles" USING btree ("slug","id");