ALTER TABLE "journals" ADD COLUMN "mood" smallint;--> statement-breakpoint
ALTER TABLE "page_versions" ADD COLUMN "mood" smallint;--> statement-breakpoint
ALTER TABLE "journals" ADD CONSTRAINT "journals_mood_steps" CHECK ("journals"."mood" between 1 and 5);