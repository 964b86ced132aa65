-- Names and locations stored before they had to be plain lines (docs/decisions/042): each run of
-- control characters, line or paragraph separators and text-direction marks becomes one space,
-- and the value is trimmed. A name left empty becomes the username (usernames are [a-z0-9_.]).
-- The pattern is lib/validation/fields.ts's NOT_IN_A_LINE.
UPDATE "users" SET "name" = coalesce(nullif(btrim(regexp_replace("name", '[\u0001-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]+', ' ', 'g')), ''), "username")
WHERE "name" ~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]';--> statement-breakpoint
UPDATE "users" SET "location" = btrim(regexp_replace("location", '[\u0001-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]+', ' ', 'g'))
WHERE "location" ~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]';
