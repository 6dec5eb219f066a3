-- A star names a category or a sector by its id; until now nothing in the
-- database checked that the community exists. Stars whose community is gone are removed first,
-- then each kind gets its foreign key through a generated column.
DELETE FROM "favorite_communities" AS "f"
WHERE ("f"."item_type" = 'category' AND NOT EXISTS (SELECT 1 FROM "categories" AS "c" WHERE "c"."id" = "f"."item_id"))
   OR ("f"."item_type" = 'sector' AND NOT EXISTS (SELECT 1 FROM "sectors" AS "s" WHERE "s"."id" = "f"."item_id"));--> statement-breakpoint
ALTER TABLE "favorite_communities" ADD COLUMN "category_id" integer GENERATED ALWAYS AS (case when item_type = 'category' then item_id end) STORED;--> statement-breakpoint
ALTER TABLE "favorite_communities" ADD COLUMN "sector_id" integer GENERATED ALWAYS AS (case when item_type = 'sector' then item_id end) STORED;--> statement-breakpoint
ALTER TABLE "favorite_communities" ADD CONSTRAINT "favorite_communities_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_communities" ADD CONSTRAINT "favorite_communities_sector_id_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."sectors"("id") ON DELETE cascade ON UPDATE no action;