CREATE TABLE "diary_locks" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"verifier_hash" text NOT NULL,
	"wraps" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "sealed" jsonb;--> statement-breakpoint
ALTER TABLE "diary_locks" ADD CONSTRAINT "diary_locks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journals" ADD CONSTRAINT "journals_sealed_private" CHECK ("journals"."sealed" is null or "journals"."visibility" = 'private');