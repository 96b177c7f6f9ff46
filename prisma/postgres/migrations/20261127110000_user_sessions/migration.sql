-- Revocable sessions (issue 16): a session cookie carries the user's session_version it was issued
-- under and is refused once the version moved (sign-out, password change, permission taken away,
-- user disabled; lib/auth/sessions.ts). disabled_at: a disabled user signs in and calls the API no
-- more (the operator CLI, lib/users/cli.ts).

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "disabled_at" TIMESTAMP(3),
ADD COLUMN     "session_version" INTEGER NOT NULL DEFAULT 0;
