-- The operators (docs/decisions/069): suspended accounts, and an append-only record of every action.
CREATE TYPE "public"."moderation_action" AS ENUM('dismiss', 'remove', 'suspend', 'unsuspend');--> statement-breakpoint
CREATE TABLE "moderation_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"operator_id" uuid NOT NULL,
	"action" "moderation_action" NOT NULL,
	"report_id" uuid,
	"target_user_id" uuid,
	"journal_id" uuid,
	"reply_id" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moderation_actions_note_length" CHECK (char_length("moderation_actions"."note") between 1 and 4000)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "moderation_actions_created_idx" ON "moderation_actions" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "users_suspended_idx" ON "users" USING btree ("id") WHERE "users"."suspended_at" is not null;--> statement-breakpoint
-- Append-only: the record of what operators did is never rewritten, by the app or by anyone with its role.
CREATE FUNCTION "inkwell_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "moderation_actions_append_only" BEFORE UPDATE OR DELETE ON "moderation_actions" FOR EACH ROW EXECUTE FUNCTION "inkwell_append_only"();--> statement-breakpoint
CREATE TRIGGER "moderation_actions_no_truncate" BEFORE TRUNCATE ON "moderation_actions" FOR EACH STATEMENT EXECUTE FUNCTION "inkwell_append_only"();
