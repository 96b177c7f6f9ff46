-- Hand-written (Prisma cannot express triggers): the 'auth' change counter behind the API-key
-- cache of lib/auth/caller.ts. Every change that can alter what a key resolves to (the key's
-- revocation, scopes or owner; the owner's team, role, permissions or name; the team's name)
-- bumps it, and a cached key is trusted only while the version read in the same statement as the
-- request's data is the one it was resolved under. `last_used_at` stamps do not bump it.
INSERT INTO "table_versions" ("name", "version") VALUES ('auth', 0);

CREATE TRIGGER "api_keys_auth_version_update" AFTER UPDATE OF "revoked_at", "scopes", "secret_hash", "user_id" ON "api_keys" BEGIN UPDATE "table_versions" SET "version" = "version" + 1 WHERE "name" = 'auth'; END;
CREATE TRIGGER "api_keys_auth_version_delete" AFTER DELETE ON "api_keys" BEGIN UPDATE "table_versions" SET "version" = "version" + 1 WHERE "name" = 'auth'; END;
CREATE TRIGGER "users_auth_version_update" AFTER UPDATE OF "id", "email", "name", "role", "permissions", "team_id" ON "users" BEGIN UPDATE "table_versions" SET "version" = "version" + 1 WHERE "name" = 'auth'; END;
CREATE TRIGGER "users_auth_version_delete" AFTER DELETE ON "users" BEGIN UPDATE "table_versions" SET "version" = "version" + 1 WHERE "name" = 'auth'; END;
CREATE TRIGGER "teams_auth_version_update" AFTER UPDATE OF "id", "name" ON "teams" BEGIN UPDATE "table_versions" SET "version" = "version" + 1 WHERE "name" = 'auth'; END;
CREATE TRIGGER "teams_auth_version_delete" AFTER DELETE ON "teams" BEGIN UPDATE "table_versions" SET "version" = "version" + 1 WHERE "name" = 'auth'; END;
