-- One two-factor row per member. Better Auth reads the member's row, then creates one if there is
-- none: two enrolments at once could leave two secrets, and sign-in then read either. Where that
-- happened, the verified row is kept (else the one with the greatest id), then the index is unique.
DELETE FROM "two_factors" AS "t"
USING "two_factors" AS "o"
WHERE "o"."user_id" = "t"."user_id" AND ("o"."verified", "o"."id") > ("t"."verified", "t"."id");--> statement-breakpoint
DROP INDEX "two_factors_user_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "two_factors_user_idx" ON "two_factors" USING btree ("user_id");
