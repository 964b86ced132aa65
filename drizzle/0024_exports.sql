CREATE TYPE "public"."export_state" AS ENUM('queued', 'running', 'ready', 'failed');--> statement-breakpoint
CREATE TABLE "exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"state" "export_state" DEFAULT 'queued' NOT NULL,
	"entries_total" integer DEFAULT 0 NOT NULL,
	"steps_done" integer DEFAULT 0 NOT NULL,
	"storage_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	CONSTRAINT "exports_counts" CHECK ("exports"."steps_done" >= 0 and "exports"."entries_total" >= 0),
	CONSTRAINT "exports_ready_has_file" CHECK (("exports"."state" <> 'ready') or ("exports"."storage_key" is not null and "exports"."expires_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "exports" ADD CONSTRAINT "exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exports_one_under_way" ON "exports" USING btree ("user_id") WHERE "exports"."state" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "exports_user_created_idx" ON "exports" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "exports_state_idx" ON "exports" USING btree ("state","created_at");