-- A profile image is a storage key in the owner's folder, never a URL (docs/decisions/028): answers
-- sign it for each viewer. The column only ever held addresses typed in by hand or by tests, which
-- no answer may show (the pages' CSP would block them anyway), so they are dropped.
ALTER TABLE "users" RENAME COLUMN "profile_image" TO "profile_image_key";--> statement-breakpoint
UPDATE "users" SET "profile_image_key" = NULL
WHERE "profile_image_key" IS NOT NULL
  AND NOT ("profile_image_key" ~ '^profiles/[0-9a-f-]{36}/[0-9a-f-]{36}\.webp$' AND split_part("profile_image_key", '/', 2) = "id"::text);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_profile_image_key_format" CHECK ("users"."profile_image_key" ~ '^profiles/[0-9a-f-]{36}/[0-9a-f-]{36}\.webp$' and split_part("users"."profile_image_key", '/', 2) = "users"."id"::text);
