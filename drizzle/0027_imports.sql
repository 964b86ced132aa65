CREATE TYPE "public"."import_state" AS ENUM('queued', 'running', 'done', 'failed');--> statement-breakpoint
CREATE TABLE "imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"state" "import_state" DEFAULT 'queued' NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"storage_key" text,
	"report" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "imports_counts" CHECK ("imports"."processed" >= 0 and "imports"."total" >= 0)
);
--> statement-breakpoint
ALTER TABLE "journals" DROP CONSTRAINT "journals_content_length";--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "imported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "imports_one_under_way" ON "imports" USING btree ("user_id") WHERE "imports"."state" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "imports_user_created_idx" ON "imports" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "imports_state_idx" ON "imports" USING btree ("state","created_at");--> statement-breakpoint
ALTER TABLE "journals" ADD CONSTRAINT "journals_content_length" CHECK (char_length(btrim("journals"."content")) between 1 and (case when "journals"."imported_at" is null then 7200 else 200000 end));