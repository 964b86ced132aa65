-- The keys of a page's other photos (docs/decisions/133), for housekeeping's question "does any
-- page still hold this file?" through a GIN index. An index expression must be IMMUTABLE; so is
-- everything this function calls.
CREATE OR REPLACE FUNCTION inkwell_photo_keys(jsonb) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT coalesce(array_agg(photo ->> 'key'), '{}') FROM jsonb_array_elements($1) AS photo $$;--> statement-breakpoint
CREATE TABLE "photo_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photo_uploads_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "more_photos" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "page_versions" ADD COLUMN "more_photos" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "photo_uploads" ADD CONSTRAINT "photo_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photo_uploads_user_idx" ON "photo_uploads" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "journals_more_photo_keys_idx" ON "journals" USING gin (inkwell_photo_keys("more_photos"));--> statement-breakpoint
CREATE INDEX "page_versions_more_photo_keys_idx" ON "page_versions" USING gin (inkwell_photo_keys("more_photos"));--> statement-breakpoint
ALTER TABLE "journals" ADD CONSTRAINT "journals_more_photos_list" CHECK (jsonb_typeof("journals"."more_photos") = 'array' and jsonb_array_length("journals"."more_photos") <= 5 and ("journals"."image_key" is not null or jsonb_array_length("journals"."more_photos") = 0));