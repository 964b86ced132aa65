CREATE TABLE "page_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"author_id" uuid NOT NULL,
	"journal_id" uuid NOT NULL,
	"journal_date" date NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"visibility" "visibility" NOT NULL,
	"is_anonymous" boolean NOT NULL,
	"image_key" text,
	"image_description" text,
	"imported_at" timestamp with time zone,
	"sealed" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"written_at" timestamp with time zone NOT NULL,
	"kept_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "page_versions" ADD CONSTRAINT "page_versions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "page_versions_page_idx" ON "page_versions" USING btree ("author_id","journal_id","kept_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "page_versions_deleted_key" ON "page_versions" USING btree ("journal_id") WHERE "page_versions"."deleted";--> statement-breakpoint
CREATE INDEX "page_versions_kept_idx" ON "page_versions" USING btree ("kept_at");--> statement-breakpoint
CREATE INDEX "page_versions_image_key_idx" ON "page_versions" USING btree ("image_key") WHERE "page_versions"."image_key" is not null;