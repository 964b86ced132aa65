CREATE INDEX "journals_image_key_idx" ON "journals" USING btree ("image_key") WHERE "journals"."image_key" is not null;--> statement-breakpoint
CREATE INDEX "rate_limits_window_start_idx" ON "rate_limits" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "users_profile_image_key_idx" ON "users" USING btree ("profile_image_key") WHERE "users"."profile_image_key" is not null;