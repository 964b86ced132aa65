-- The session cache (docs/decisions/085): every instance keeps the user a session token names for a
-- few seconds and drops it when PostgreSQL says it changed. A session deleted (a logout, a revoke,
-- a password change, a suspension, a deletion; a user's rows go with the user), a session cut short,
-- or a change to the columns a request knows of its user (lib/auth/sessions.ts, sessionUserColumns)
-- or to their suspension sends NOTIFY 'inkwell_session_user' with the user's id and nothing else, at
-- commit. A TRUNCATE of sessions sends '*': every entry goes.
CREATE FUNCTION "inkwell_session_user_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('inkwell_session_user', '*');
  ELSIF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('inkwell_session_user', OLD.user_id::text);
  ELSE
    PERFORM pg_notify('inkwell_session_user', OLD.id::text);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "sessions_cache_invalidation_delete" AFTER DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "inkwell_session_user_changed"();--> statement-breakpoint
CREATE TRIGGER "sessions_cache_invalidation_update" AFTER UPDATE OF "user_id", "token_hash", "expires_at" ON "sessions" FOR EACH ROW
  WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.token_hash IS DISTINCT FROM NEW.token_hash OR NEW.expires_at < OLD.expires_at)
  EXECUTE FUNCTION "inkwell_session_user_changed"();--> statement-breakpoint
CREATE TRIGGER "sessions_cache_invalidation_truncate" AFTER TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "inkwell_session_user_changed"();--> statement-breakpoint
CREATE TRIGGER "users_cache_invalidation_update" AFTER UPDATE ON "users" FOR EACH ROW
  WHEN ((OLD.name, OLD.username, OLD.email, OLD.email_verified_at, OLD.bio, OLD.location, OLD.profile_image_key, OLD.created_at, OLD.deletion_due_at, OLD.suspended_at)
    IS DISTINCT FROM (NEW.name, NEW.username, NEW.email, NEW.email_verified_at, NEW.bio, NEW.location, NEW.profile_image_key, NEW.created_at, NEW.deletion_due_at, NEW.suspended_at))
  EXECUTE FUNCTION "inkwell_session_user_changed"();--> statement-breakpoint
CREATE TRIGGER "users_cache_invalidation_delete" AFTER DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "inkwell_session_user_changed"();--> statement-breakpoint
CREATE TRIGGER "users_cache_invalidation_truncate" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "inkwell_session_user_changed"();
