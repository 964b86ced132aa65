-- The people search folds names as the diary's search folds words (docs/decisions/140): "jose"
-- finds "José", an Arabic name is found with or without its vowel marks. lib/users/search.ts
-- matches the very expression these indexes are made of.
DROP INDEX "users_name_trgm_idx";--> statement-breakpoint
DROP INDEX "users_name_prefix_idx";--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin (inkwell_search_fold(lower("name")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_prefix_idx" ON "users" USING btree (inkwell_search_fold(lower("name")) collate "C");