-- The diary's search in every script (docs/decisions/140): a word is found with or without its
-- accents (as before), with or without Arabic and Hebrew vowel marks and the Arabic tatweel, and
-- a Chinese or Japanese page, whose words are not parted by spaces, by any two characters of it.
-- inkwell_search_fold folds a text as the search compares it; inkwell_search_text also writes each
-- run of Han and kana as its pairs of characters and its last character ("今日は海" becomes "今日 日は
-- は海 海"), which lib/journals/search-text.ts's searchTokens mirrors for the words searched.
-- Each names the functions it calls with their schema: PostgreSQL builds an index (the people
-- search's, migration 0045) with pg_catalog alone on its search_path.
CREATE OR REPLACE FUNCTION inkwell_search_fold(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT regexp_replace(public.inkwell_unaccent($1), '[\u0610-\u061A\u0640\u064B-\u065F\u0670\u06D6-\u06DC\u06DF-\u06E4\u06E7\u06E8\u06EA-\u06ED\u0591-\u05BD\u05BF\u05C1\u05C2\u05C4\u05C5\u05C7]', '', 'g') $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION inkwell_search_text(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
    SELECT coalesce(string_agg(
      CASE WHEN piece[1] ~ '^[\u3005\u3006\u3041-\u3096\u309D-\u309F\u30A1-\u30FA\u30FC-\u30FF\u31F0-\u31FF\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF\uFF66-\uFF9F\U00020000-\U0002FFFF]'
        THEN (SELECT string_agg(substr(piece[1], i, 2), ' ' ORDER BY i) FROM generate_series(1, char_length(piece[1])) AS i)
        ELSE piece[1] END,
      ' ' ORDER BY n), '')
    FROM regexp_matches(
      public.inkwell_search_fold($1),
      '[\u3005\u3006\u3041-\u3096\u309D-\u309F\u30A1-\u30FA\u30FC-\u30FF\u31F0-\u31FF\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF\uFF66-\uFF9F\U00020000-\U0002FFFF]+|[^\u3005\u3006\u3041-\u3096\u309D-\u309F\u30A1-\u30FA\u30FC-\u30FF\u31F0-\u31FF\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF\uFF66-\uFF9F\U00020000-\U0002FFFF]+',
      'g'
    ) WITH ORDINALITY AS found(piece, n)
  $$;--> statement-breakpoint
ALTER TABLE "journals" drop column "search";--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, inkwell_search_text(title || ' ' || content))) STORED NOT NULL;