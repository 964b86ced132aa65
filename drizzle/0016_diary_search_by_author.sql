-- The diary's search reads the writer's own entries (journals_author_day_key) and matches each
-- stored vector (docs/decisions/060): a GIN index over (author_id, search) reads a word's postings
-- across every writer, and a typed prefix's across every word that starts with it (42–55 ms at
-- 100 000 users against 2–4 ms for the writer's 5 000 entries). The index only cost writes.
DROP INDEX IF EXISTS "journals_author_search_idx";
