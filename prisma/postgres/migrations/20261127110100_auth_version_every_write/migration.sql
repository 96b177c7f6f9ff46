-- Hand-written: the 'auth' counter (20261126020000_auth_version) must move on every write that can
-- change what a cached API key resolves to, however it is made: inserts too (an upsert with
-- INSERT ... ON CONFLICT, a delete + insert), and updates of users' columns outside the old list
-- (session_version, disabled_at, password_hash): any update of a user or a team now counts; for
-- API keys every column but last_used_at and name (stamped on the read path, not part of a caller).
CREATE TRIGGER "api_keys_auth_version_insert" AFTER INSERT ON "api_keys" FOR EACH STATEMENT EXECUTE FUNCTION "bump_auth_version"();
CREATE TRIGGER "users_auth_version_insert" AFTER INSERT ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "bump_auth_version"();
CREATE TRIGGER "teams_auth_version_insert" AFTER INSERT ON "teams" FOR EACH STATEMENT EXECUTE FUNCTION "bump_auth_version"();

DROP TRIGGER "api_keys_auth_version_update" ON "api_keys";
CREATE TRIGGER "api_keys_auth_version_update" AFTER UPDATE OF "id", "user_id", "prefix", "secret_hash", "scopes", "created_at", "revoked_at" ON "api_keys" FOR EACH STATEMENT EXECUTE FUNCTION "bump_auth_version"();
DROP TRIGGER "users_auth_version_update" ON "users";
CREATE TRIGGER "users_auth_version_update" AFTER UPDATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "bump_auth_version"();
DROP TRIGGER "teams_auth_version_update" ON "teams";
CREATE TRIGGER "teams_auth_version_update" AFTER UPDATE ON "teams" FOR EACH STATEMENT EXECUTE FUNCTION "bump_auth_version"();
