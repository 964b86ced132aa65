CREATE INDEX "journals_recent_signed_idx" ON "journals" USING btree ("created_at" DESC NULLS LAST) WHERE not "journals"."is_anonymous";--> statement-breakpoint
CREATE INDEX "users_username_prefix_idx" ON "users" USING btree ("username" collate "C");--> statement-breakpoint
CREATE INDEX "users_name_prefix_idx" ON "users" USING btree (lower("name") collate "C");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at" DESC NULLS LAST);