CREATE INDEX "journal_reads_day_idx" ON "journal_reads" USING btree ("day");--> statement-breakpoint
-- Reads are now reads_count (the days folded) plus the journal_reads rows not folded yet
-- (lib/journals/reads.ts, docs/decisions/026). Until now every row was also in reads_count: fold
-- the past days' rows (their reads stay in the counter) and take today's out of the counter (they
-- stay as rows), so every entry shows the same number before and after.
UPDATE "journals" j SET "reads_count" = greatest(j."reads_count" - t.n, 0)
FROM (SELECT "journal_id", count(*)::int AS n FROM "journal_reads" WHERE "day" >= (now() AT TIME ZONE 'UTC')::date GROUP BY "journal_id") t
WHERE j."id" = t."journal_id";--> statement-breakpoint
DELETE FROM "journal_reads" WHERE "day" < (now() AT TIME ZONE 'UTC')::date;
