-- Private replies (docs/decisions/066): a reader's private conversation with an entry's writer, and
-- the inbox's `reply` kind. The one-heart index becomes partial (hearts only) and the entry's rows
-- get their own index for its deletion.
ALTER TYPE "public"."notification_kind" ADD VALUE 'reply';--> statement-breakpoint
CREATE TABLE "replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"journal_id" uuid NOT NULL,
	"reader_id" uuid NOT NULL,
	"from_writer" boolean NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "replies_text_length" CHECK (char_length(btrim("replies"."text")) between 1 and 4000)
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_heart_journal";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_request";--> statement-breakpoint
DROP INDEX "notifications_one_heart";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "reply_id" uuid;--> statement-breakpoint
ALTER TABLE "replies" ADD CONSTRAINT "replies_journal_id_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."journals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replies" ADD CONSTRAINT "replies_reader_id_users_id_fk" FOREIGN KEY ("reader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "replies_thread_idx" ON "replies" USING btree ("journal_id","reader_id","created_at");--> statement-breakpoint
CREATE INDEX "replies_reader_idx" ON "replies" USING btree ("reader_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_reply_id_replies_id_fk" FOREIGN KEY ("reply_id") REFERENCES "public"."replies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_journal_idx" ON "notifications" USING btree ("journal_id");--> statement-breakpoint
CREATE INDEX "notifications_reply_idx" ON "notifications" USING btree ("reply_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_one_heart" ON "notifications" USING btree ("journal_id","actor_id") WHERE "notifications"."kind" = 'heart';--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_reply" CHECK (("notifications"."kind"::text = 'reply') = ("notifications"."reply_id" is not null));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_heart_journal" CHECK (("notifications"."kind"::text in ('heart', 'reply')) = ("notifications"."journal_id" is not null));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_request" CHECK (("notifications"."kind"::text in ('heart', 'reply')) = ("notifications"."request_id" is null));