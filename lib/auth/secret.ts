import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * The key next-auth signs and encrypts session cookies (JWTs) with.
 *
 * Production deployments set `NEXTAUTH_SECRET` (or `AUTH_SECRET`), e.g. `openssl rand -base64 32`.
 *
 * Without it, `npm start` must still work out of the box, so we fall back to a random secret that
 * is generated once per installation and kept in `prisma/data/auth-secret` (git-ignored, mode 0600,
 * next to the embedded database). Why not the alternatives:
 * - a constant in the source code would be public, so anyone could forge a session cookie for any
 *   user of every deployment that forgot to set the variable;
 * - a fresh random secret per process would sign everybody out at each restart, and the proxy and
 *   the route handlers would disagree if they ever ran in different processes.
 * The file is shared by every process of one installation and survives restarts and rebuilds.
 */

const AUTH_SECRET_FILE = path.join(process.cwd(), "prisma", "data", "auth-secret");

let cached: string | undefined;

export function authSecret(): string {
  return (cached ??= process.env.NEXTAUTH_SECRET?.trim() || process.env.AUTH_SECRET?.trim() || installationSecret());
}

function installationSecret(): string {
  const existing = readSecretFile();
  if (existing) return existing;
  try {
    fs.mkdirSync(path.dirname(AUTH_SECRET_FILE), { recursive: true });
    // "wx": fail if another process created it meanwhile; then we read theirs.
    fs.writeFileSync(AUTH_SECRET_FILE, `${randomBytes(32).toString("base64url")}\n`, { flag: "wx", mode: 0o600 });
    console.warn(`[auth] NEXTAUTH_SECRET is not set; using the generated secret in ${AUTH_SECRET_FILE}.`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") {
      throw new Error(
        `NEXTAUTH_SECRET is not set and ${AUTH_SECRET_FILE} cannot be created; set NEXTAUTH_SECRET (e.g. openssl rand -base64 32).`,
        { cause: error },
      );
    }
  }
  const created = readSecretFile();
  if (!created) throw new Error(`${AUTH_SECRET_FILE} is empty; delete it or set NEXTAUTH_SECRET.`);
  return created;
}

function readSecretFile(): string | null {
  try {
    const value = fs.readFileSync(AUTH_SECRET_FILE, "utf8").trim();
    return value.length >= 32 ? value : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}
