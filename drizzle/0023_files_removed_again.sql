-- Stored files whose removal failed once the rows naming them were gone (a deleted post's
-- image, a deleted member's files, a replaced avatar): removed again by the hourly sweep.
CREATE TABLE "file_removals" (
	"key" text PRIMARY KEY NOT NULL,
	"failed_at" timestamp with time zone DEFAULT now() NOT NULL
);
