-- A page of the List is bounded by its entries' bytes before any text is read (docs/decisions/123):
-- the other photos' descriptions (docs/decisions/133) and the activities (docs/decisions/136) count too.
CREATE OR REPLACE FUNCTION inkwell_extra_bytes(more_photos jsonb, activities text[]) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce((SELECT sum(octet_length(p ->> 'description'))::int FROM jsonb_array_elements(more_photos) p), 0)
       + coalesce((SELECT sum(octet_length(a))::int FROM unnest(activities) a), 0)
$$;--> statement-breakpoint
ALTER TABLE "journals" drop column "text_bytes";--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "text_bytes" integer GENERATED ALWAYS AS (octet_length(title) + octet_length(content) + coalesce(octet_length(image_description), 0) + coalesce(octet_length(sealed ->> 'title'), 0) + coalesce(octet_length(sealed ->> 'content'), 0) + coalesce(octet_length(sealed ->> 'imageDescription'), 0) + inkwell_extra_bytes(more_photos, activities)) STORED NOT NULL;
