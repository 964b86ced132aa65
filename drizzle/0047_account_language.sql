ALTER TABLE "users" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language" CHECK ("users"."language" in ('en', 'es', 'fr', 'de', 'pt-BR', 'ja', 'ar'));--> statement-breakpoint
-- The session cache (docs/decisions/085) hears of a change to the languages a request knows of its
-- user (lib/auth/sessions.ts sessionUserColumns): the chosen one (docs/decisions/144) and the mails'.
DROP TRIGGER "users_cache_invalidation_update" ON "users";--> statement-breakpoint
CREATE TRIGGER "users_cache_invalidation_update" AFTER UPDATE ON "users" FOR EACH ROW
  WHEN ((OLD.name, OLD.username, OLD.email, OLD.email_verified_at, OLD.bio, OLD.location, OLD.profile_image_key, OLD.created_at, OLD.deletion_due_at, OLD.suspended_at, OLD.language, OLD.browser_language)
    IS DISTINCT FROM (NEW.name, NEW.username, NEW.email, NEW.email_verified_at, NEW.bio, NEW.location, NEW.profile_image_key, NEW.created_at, NEW.deletion_due_at, NEW.suspended_at, NEW.language, NEW.browser_language))
  EXECUTE FUNCTION "inkwell_session_user_changed"();
