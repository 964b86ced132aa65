-- The diary read back (docs/decisions/060): unaccent for accent-insensitive search, btree_gin for
-- one GIN index over a writer's key and their words, and two immutable functions the generated
-- columns use. unaccent() itself is only STABLE (its dictionary could change), so an index cannot
-- call it; inkwell_unaccent names the dictionary and is declared IMMUTABLE, the usual way.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE OR REPLACE FUNCTION inkwell_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;--> statement-breakpoint
-- An entry's tags: each #word (letters of any language, digits, _ and -; not inside a word, a URL
-- path or an HTML-like entity), case-folded, trailing hyphens dropped, at most 64 characters,
-- distinct and sorted. lib/journals/tags.ts says the same for the browser's links.
CREATE OR REPLACE FUNCTION inkwell_tags(text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
    SELECT coalesce(array_agg(DISTINCT t ORDER BY t), '{}'::text[])
    FROM (
      SELECT rtrim(lower(m[2]), '-') AS t
      FROM regexp_matches($1, '(^|[^[:alnum:]_&/#-])#([[:alnum:]_][[:alnum:]_-]*)', 'g') AS m
    ) AS found
    WHERE char_length(t) BETWEEN 1 AND 64
  $$;--> statement-breakpoint
CREATE TABLE "reminder_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"minute_of_day" smallint DEFAULT 1200 NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"weekdays" smallint DEFAULT 127 NOT NULL,
	"last_sent_day" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_settings_minute" CHECK ("reminder_settings"."minute_of_day" between 0 and 1439),
	CONSTRAINT "reminder_settings_weekdays" CHECK ("reminder_settings"."weekdays" between 0 and 127),
	CONSTRAINT "reminder_settings_time_zone_length" CHECK (char_length("reminder_settings"."time_zone") between 1 and 64)
);
--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, inkwell_unaccent(title) || ' ' || inkwell_unaccent(content))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "tags" text[] GENERATED ALWAYS AS (inkwell_tags(title || ' ' || content)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "reminder_settings" ADD CONSTRAINT "reminder_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reminder_settings_enabled_idx" ON "reminder_settings" USING btree ("user_id") WHERE "reminder_settings"."enabled";--> statement-breakpoint
CREATE INDEX "journals_author_search_idx" ON "journals" USING gin ("author_id","search");--> statement-breakpoint
CREATE INDEX "journals_author_tags_idx" ON "journals" USING gin ("author_id","tags");