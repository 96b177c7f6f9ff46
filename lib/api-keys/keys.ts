import "server-only";
import { createHash, randomInt } from "node:crypto";
import { newRowId } from "../db/row-id";
import { z } from "zod";
import { withoutLockWait } from "../db/busy";
import { engineOf, isUniqueViolation, type Db } from "../db/client";
import type { ApiKeyRecord, TeamRecord, UserRecord } from "../db/models";
import { rowsRunner } from "../db/engine";
import { template } from "../db/sql";
import { PERMISSIONS, type Permission } from "../domain/enums";

/**
 * API keys for the data service (`Authorization: Bearer mkd_...`).
 *
 * A secret is "mkd_" + 32 base62 characters (~190 bits of entropy). Only its SHA-256 is stored.
 * A fast hash is right here, unlike for passwords (lib/auth/password.ts): the secret is random
 * and long, so there is nothing to guess offline, and a fast hash lets every request be looked
 * up by an indexed equality on `secretHash` (the same approach as Stripe or GitHub tokens).
 * The first 12 characters ("mkd_" + 8) are stored in clear as `prefix` so operators and users
 * can recognise a key in listings; they reveal 8 of 32 random characters, too few to matter.
 */

const API_KEY_PREFIX = "mkd_";
const API_KEY_RANDOM_LENGTH = 32;
const API_KEY_VISIBLE_PREFIX_LENGTH = 12;
const API_KEY_PATTERN = /^mkd_[0-9A-Za-z]{32}$/;

/** How long a recorded `lastUsedAt` stays good enough before a request writes it again. */
const LAST_USED_RESOLUTION_MS = 60_000;

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** A key as listings show it (summarySelect's columns): never its secret or its hash. */
export type ApiKeySummary = Omit<ApiKeyRow, "scopes"> & { scopes: Permission[] };

/** A key's owner as the lookup reads it: the columns a Caller is built from (lib/auth/caller.ts). */
export type KeyOwner = Pick<UserRecord, "id" | "email" | "name" | "role" | "permissions"> & { team: Pick<TeamRecord, "id" | "name"> };

/** Thrown for bad input (unknown user, bad name or scopes); `code` is stable for callers. */
export class ApiKeyError extends Error {
  constructor(
    readonly code: "user_not_found" | "invalid_name" | "invalid_scopes",
    message: string,
  ) {
    super(message);
    this.name = "ApiKeyError";
  }
}

/** A key's display name: trimmed, 1–100 characters, no control characters. */
export const apiKeyNameSchema = z
  .string({ error: "name must be text: a name that says what uses the key, like \"nightly export\"." })
  .trim()
  .min(1, "name must not be empty: give a name that says what uses the key, like \"nightly export\".")
  .max(100, "name must be at most 100 characters long.")
  .refine((value) => !/[\u0000-\u001f\u007f-\u009f]/.test(value), "name must not contain control characters (tabs, line breaks, …).");

/** A new random secret: "mkd_" + 32 base62 characters from the CSPRNG (randomInt: without modulo bias). */
function generateApiKeySecret(): string {
  return API_KEY_PREFIX + Array.from({ length: API_KEY_RANDOM_LENGTH }, () => BASE62[randomInt(BASE62.length)]).join("");
}

function hashApiKeySecret(secret: string): string {
  return createHash("sha256").update(secret, "utf8").digest("hex");
}

/** Known permissions from a JSON array text, deduplicated, in PERMISSIONS order; [] if unreadable. */
export function parsePermissionList(json: string): Permission[] {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return PERMISSIONS.filter((p) => value.includes(p));
}

/** A key's row as summarySelect reads it: its scopes still the stored JSON text. */
type ApiKeyRow = Pick<ApiKeyRecord, keyof typeof summarySelect>;

function toSummary(row: ApiKeyRow): ApiKeySummary {
  return { ...row, scopes: parsePermissionList(row.scopes) };
}

const summarySelect = {
  id: true,
  name: true,
  prefix: true,
  scopes: true,
  createdAt: true,
  lastUsedAt: true,
  revokedAt: true,
} as const;

/**
 * Mints a key for a user. `scopes` defaults to all of the owner's permissions and must be a subset
 * of them. Returns the summary and the secret; the secret is not stored and cannot be shown again.
 */
export async function createApiKey(
  db: Db,
  input: { userId: string; name: string; scopes?: readonly string[] },
): Promise<{ key: ApiKeySummary; secret: string }> {
  const parsedName = apiKeyNameSchema.safeParse(input.name);
  if (!parsedName.success) {
    throw new ApiKeyError("invalid_name", parsedName.error.issues[0]?.message ?? "invalid name");
  }
  const user = await db.user.findUnique({ where: { id: input.userId }, select: { id: true, permissions: true } });
  if (!user) throw new ApiKeyError("user_not_found", `no user with id ${input.userId}`);

  const ownerPermissions = parsePermissionList(user.permissions);
  let scopes: Permission[] = ownerPermissions;
  if (input.scopes !== undefined) {
    const unknown = input.scopes.filter((s) => !(PERMISSIONS as readonly string[]).includes(s));
    if (unknown.length > 0) {
      throw new ApiKeyError("invalid_scopes", `unknown scope(s): ${unknown.join(", ")} (allowed: ${PERMISSIONS.join(", ")})`);
    }
    const notHeld = input.scopes.filter((s) => !(ownerPermissions as readonly string[]).includes(s));
    if (notHeld.length > 0) {
      throw new ApiKeyError("invalid_scopes", `the owner does not hold: ${notHeld.join(", ")}`);
    }
    scopes = PERMISSIONS.filter((p) => input.scopes!.includes(p));
  }

  // The visible prefix carries 8 random base62 characters (~2e14 values) and is unique in the
  // schema; a collision is astronomically unlikely, but retrying costs nothing.
  for (let attempt = 0; ; attempt++) {
    const secret = generateApiKeySecret();
    try {
      const row = await db.apiKey.create({
        data: {
          id: newRowId(),
          userId: user.id,
          name: parsedName.data,
          prefix: secret.slice(0, API_KEY_VISIBLE_PREFIX_LENGTH),
          secretHash: hashApiKeySecret(secret),
          scopes: JSON.stringify(scopes),
          createdAt: new Date(),
          lastUsedAt: null,
          revokedAt: null,
        },
        select: summarySelect,
      });
      return { key: toSummary(row), secret };
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 2) throw error;
    }
  }
}

/** All of a user's keys, revoked ones included, newest first. */
export async function listApiKeys(db: Db, userId: string): Promise<ApiKeySummary[]> {
  const rows = await db.apiKey.findMany({
    where: { userId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: summarySelect,
  });
  return rows.map(toSummary);
}

/**
 * Revokes a key given its visible prefix or its id. With `userId`, only that user's keys match
 * (the web UI passes the signed-in user; the operator CLI does not). Idempotent: revoking a
 * revoked key returns it unchanged, keeping the first revocation time. Null if nothing matches.
 */
export async function revokeApiKey(
  db: Db,
  input: { prefixOrId: string; userId?: string },
): Promise<ApiKeySummary | null> {
  const needle = input.prefixOrId.trim();
  if (needle === "" || needle.length > 200) return null;
  const row = await db.apiKey.findFirst({
    where: {
      OR: [{ id: needle }, { prefix: needle }],
      ...(input.userId !== undefined ? { userId: input.userId } : {}),
    },
    select: summarySelect,
  });
  if (!row) return null;
  if (row.revokedAt) return toSummary(row);
  // Conditional on revokedAt still being null, so a concurrent revoke keeps the first timestamp.
  await db.apiKey.updateMany({ where: { id: row.id, revokedAt: null }, data: { revokedAt: new Date() } });
  const updated = await db.apiKey.findUnique({ where: { id: row.id }, select: summarySelect });
  return updated ? toSummary(updated) : null;
}

/** A timestamp as the raw query returns it (Date, epoch ms as number or BigInt, text) -> Date. */
function toDate(value: unknown): Date {
  if (value instanceof Date) return value;
  if (typeof value === "number" || typeof value === "bigint") return new Date(Number(value));
  return new Date(String(value));
}

/** The key with its owner and team, by the secret's hash; read as an array, in this order (findActiveApiKey). */
const keyStatement = template<"hash">((dialect, slot) =>
  dialect.db
    .selectFrom("api_keys as k")
    .innerJoin("users as u", "u.id", "k.user_id")
    .innerJoin("teams as t", "t.id", "u.team_id")
    .select(["k.id", "k.prefix", "k.scopes", "k.last_used_at", "k.revoked_at", "u.id", "u.email", "u.name", "u.role", "u.permissions", "t.id", "t.name"])
    .where("k.secret_hash", "=", slot("hash"))
    .where("u.disabled_at", "is", null),
);

/**
 * The active key behind a presented secret, or null if it is malformed, unknown or revoked.
 * The returned scopes are the key's scopes intersected with the owner's current permissions, so
 * taking a permission away from a user also takes it away from their existing keys.
 *
 * Run on every API request, so it is one joined statement on the engine's own connection, its
 * row read as an array (docs/performance-decisions.md, "The caller, once per request").
 */
export async function findActiveApiKey(db: Db, secret: string) {
  // Cheap format check first: garbage never reaches the database.
  if (!API_KEY_PATTERN.test(secret)) return null;
  const engine = engineOf(db);
  const [found] = await rowsRunner(engine)(keyStatement(engine.dialect, { hash: hashApiKeySecret(secret) }));
  if (!found || found[4] !== null) return null;
  const [keyId, prefix, keyScopes, lastUsed, , userId, email, name, role, permissions, teamId, teamName] = found.map((v) => (typeof v === "bigint" ? Number(v) : v));
  const owner: KeyOwner = { id: String(userId), email: String(email), name: String(name), role: String(role), permissions: String(permissions), team: { id: String(teamId), name: String(teamName) } };
  const ownerPermissions = parsePermissionList(owner.permissions);
  const scopes = parsePermissionList(String(keyScopes)).filter((p) => ownerPermissions.includes(p));
  const key = { keyId: String(keyId), prefix: String(prefix), scopes, owner, lastUsedAt: lastUsed === null ? null : toDate(lastUsed) };
  const stamping = stampLastUsed(db, key.keyId, key.lastUsedAt);
  return stamping ? { ...key, lastUsedAt: await stamping } : key;
}

/**
 * Records a key's use, at most once a minute: `lastUsedAt` is informational (shown in listings),
 * and writing it on every request would turn each read into a write (on SQLite, one serialized
 * writer for the whole app). Conditional, so concurrent requests in the same minute write at most
 * once. Returns the key's `lastUsedAt` as it now stands, or undefined when it needs no write.
 */
function stampLastUsed(db: Db, keyId: string, lastUsedAt: Date | null, now = new Date()): Promise<Date | null> | undefined {
  if (lastUsedAt && now.getTime() - lastUsedAt.getTime() < LAST_USED_RESOLUTION_MS) return undefined;
  // Without waiting for a busy write lock: the request may be a read, and reads never wait for writes.
  const write = withoutLockWait(() =>
    db.apiKey.updateMany({
      where: {
        id: keyId,
        OR: [{ lastUsedAt: null }, { lastUsedAt: { lte: new Date(now.getTime() - LAST_USED_RESOLUTION_MS) } }],
      },
      data: { lastUsedAt: now },
    }),
  );
  // A failed bookkeeping write must not fail the authenticated request.
  return write.then(() => now, () => lastUsedAt);
}
