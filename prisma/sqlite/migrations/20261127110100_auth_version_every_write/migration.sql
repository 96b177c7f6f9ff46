-- Hand-written: the 'auth' counter (20261126020000_auth_version) must move on every write that can
-- change what a cached API key resolves to, however it is made. Missing before:
-- - INSERT OR REPLACE (and REPLACE INTO): SQLite deletes the old row without firing delete
--   triggers (recursive_triggers is off) and then inserts; only an INSERT trigger sees it.
-- - updates of users' columns outside the old list (session_version, disabled_at,
--   password_hash): any update of a user or a team now counts; for API keys every column but
--   last_used_at and name (stamped on the read path, and not part of a caller).
CREATE TRIGGER "api_keys_auth_version_insert" AFTER INSERT ON "api_keys" BEGIN UPDATE "table_versions" SET "version" = "version" + 1 WHERE "name" = 'auth'; END;
CREATE TRIGGER "users_auth_version_insert" AFTER INSERT ON "users" BEGIN UPDATE "table_versions" SET "version" = "version" + 1 WHERE "name" = 'auth'; END;
CREATE TRIGGER "teams_auth_version_insert" AFTER INSERT ON "teams" BEGIN UPDATE "table_versions" SET "version" = "version" + 1 WHERE "name" = 'auth'; END;

DROP TRIGGER "api_keys_auth_version_update";
CREATE TRIGGER "api_keys_auth_version_update" AFTER UPDATE OF "id", "user_id", "prefix", "secret_hash", "scopes", "created_at", "revoked_at" ON "api_keys" BEGIN UPDATE "table_versions" SET "version" = "version" + 1 WHERE "name" = 'auth'; END;
DROP TRIGGER "users_auth_version_update";
CREATE TRIGGER "users_auth_version_update" AFTER UPDATE ON "users" BEGIN UPDATE "table_versions" SET "version" = "version" + 1 WHERE "name" = 'auth'; END;
DROP TRIGGER "teams_auth_version_update";
CREATE TRIGGER "teams_auth_version_update" AFTER UPDATE ON "teams" BEGIN UPDATE "table_versions" SET "version" = "version" + 1 WHERE "name" = 'auth'; END;
