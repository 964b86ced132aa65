CREATE TABLE "templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "templates_name_length" CHECK (char_length("templates"."name") between 1 and 480),
	CONSTRAINT "templates_title_length" CHECK (char_length("templates"."title") <= 800),
	CONSTRAINT "templates_content_length" CHECK (char_length("templates"."content") <= 7200),
	CONSTRAINT "templates_not_empty" CHECK ("templates"."title" <> '' or "templates"."content" <> '')
);
--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "templates_user_name_key" ON "templates" USING btree ("user_id",lower("name"));