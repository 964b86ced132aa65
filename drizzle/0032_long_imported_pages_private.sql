-- A page longer than 900 characters stays private until it is shortened (docs/decisions/097):
-- friends read pages of at most 900, so a feed's page is bounded whatever was imported. Imported
-- pages shared before this rule go back to private (an anonymous one is anonymous no more: only a
-- shared page can be). Counted in code points, never fewer than the characters a person sees.
UPDATE "journals" SET "visibility" = 'private', "is_anonymous" = false
WHERE "imported_at" IS NOT NULL AND "visibility" <> 'private' AND char_length("content") > 900;
