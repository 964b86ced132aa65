CREATE TABLE "activity_lists" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"names" text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_lists_count" CHECK (cardinality("activity_lists"."names") <= 30)
);
--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "activities" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "page_versions" ADD COLUMN "activities" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_lists" ADD CONSTRAINT "activity_lists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journals" ADD CONSTRAINT "journals_activities_count" CHECK (cardinality("journals"."activities") <= 10);