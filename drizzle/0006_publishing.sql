CREATE TABLE "link_previews" (
	"url" text PRIMARY KEY NOT NULL,
	"title" text,
	"description" text,
	"image_url" text,
	"site_name" text,
	"ok" boolean NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_sectors" (
	"post_id" uuid NOT NULL,
	"sector_id" integer NOT NULL,
	CONSTRAINT "post_sectors_post_id_sector_id_pk" PRIMARY KEY("post_id","sector_id")
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "post_sectors" ADD CONSTRAINT "post_sectors_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_sectors" ADD CONSTRAINT "post_sectors_sector_id_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."sectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_sectors_sector_idx" ON "post_sectors" USING btree ("sector_id","post_id");--> statement-breakpoint
-- Posts written before this migration were filed under one sector, kept in posts.sector_id.
INSERT INTO "post_sectors" ("post_id", "sector_id") SELECT "id", "sector_id" FROM "posts" WHERE "sector_id" IS NOT NULL;
