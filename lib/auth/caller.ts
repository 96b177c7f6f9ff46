import { getToken } from "next-auth/jwt";
import { NextRequest } from "next/server";
import { findActiveApiKey, hashApiKeySecret, isWellFormedApiKey, parsePermissionList, stampLastUsed } from "../api-keys/keys";
import { ApiError } from "../api/errors";
import { getDb, sqlRunner } from "../db/client";
import { ROLES, type Permission, type Role } from "../domain/enums";
import { CALLER_USER_SELECT, type CallerUser } from "./caller-user";
import { LruCache } from "../lru";
import { AuthCheck, type CachedKey } from "./key-cache";
import { sessionCookieOptions } from "./cookies";
import { isSameOriginWrite } from "./same-origin";
import { authSecret } from "./secret";
import { getSessionClaims } from "./session";
import { sessionStillValid, tokenSessionVersion } from "./sessions";

/**
 * Who is asking, resolved once per request: from an API key (programs) or the next-auth session
 * (the browser). Every data function takes a Caller and scopes by its team; nothing downstream
 * looks at headers or cookies.
 */
export interface Caller {
  userId: string;
  email: string;
  name: string;
  teamId: string;
  teamName: string;
  role: Role;
  permissions: Permission[];
  via: "session" | "api_key";
  /** The API key's visible prefix, when via is api_key (named in the audit trail). */
  apiKeyPrefix?: string;
  /**
   * Present when the caller came from the API-key cache: to confirm within the request. Data
   * functions pass it to the engine as it is (lib/db/page.ts SnapshotCheck).
   */
  freshness?: AuthCheck;
}

function callerOf(user: CallerUser, via: Caller["via"], key?: { scopes: Permission[]; prefix: string }): Caller {
  const granted = parsePermissionList(user.permissions);
  return {
    userId: user.id,
    email: user.email,
    name: user.name,
    teamId: user.team.id,
    teamName: user.team.name,
    role: (ROLES as readonly string[]).includes(user.role) ? (user.role as Role) : "broker",
    // A key can narrow its owner's permissions, never widen them.
    permissions: key ? granted.filter((p) => key.scopes.includes(p)) : granted,
    via,
    ...(key ? { apiKeyPrefix: key.prefix } : {}),
  };
}

/** The session's user, or null when it no longer exists, is disabled or the session was ended. */
async function loadSessionCaller(userId: string, sessionVersion: number): Promise<Caller | null> {
  const user = await getDb().user.findUnique({
    where: { id: userId },
    select: { ...CALLER_USER_SELECT, sessionVersion: true, disabledAt: true },
  });
  return user && sessionStillValid(user, sessionVersion) ? callerOf(user, "session") : null;
}

/**
 * API callers: a Bearer key when an Authorization header is sent, else the browser session.
 * `fresh` bypasses the API-key cache (lib/auth/key-cache.ts), after it served a stale caller.
 */
export async function resolveCaller(request: Request, { fresh = false } = {}): Promise<Caller> {
  const authorization = request.headers.get("authorization");
  if (authorization !== null) {
    const match = /^Bearer +(\S+) *$/i.exec(authorization);
    if (!match) throw ApiError.unauthorized("Malformed Authorization header: expected `Bearer <api key>`.");
    return resolveApiKey(match[1], fresh);
  }
  const caller = await sessionCaller(request);
  if (!caller) throw ApiError.unauthorized();
  if (!isSameOriginWrite(request)) {
    throw ApiError.forbidden("A write with the browser session must come from the dashboard's own origin (Origin or Sec-Fetch-Site); programs send an API key.");
  }
  return caller;
}

/**
 * The browser session's user, or null: no session cookie, a forged or expired one, or a session
 * that ended (sign-out everywhere, a new password, the user disabled; lib/auth/sessions.ts).
 */
export async function sessionCaller(request: Request): Promise<Caller | null> {
  // The session cookie is read from the request itself (not next/headers), so the handler works
  // the same under `next start` and when a test calls it with a plain Request. Only the URL and
  // headers are copied: a Request built from another takes over its body stream, which the
  // handler reads next. A production build hands us Next's own bundled NextRequest class, which
  // fails `instanceof` here, so this copy is the usual path, not a test-only one.
  const req = request instanceof NextRequest ? request : new NextRequest(request.url, { headers: request.headers });
  const token = await getToken({ req, secret: authSecret(), ...sessionCookieOptions() });
  return typeof token?.sub === "string" ? loadSessionCaller(token.sub, tokenSessionVersion(token)) : null;
}

// Keyed by the secret's hash: the cache never holds a usable secret.
const keyCache = new LruCache<string, CachedKey<Caller>>(10_000);

async function resolveApiKey(secret: string, fresh: boolean): Promise<Caller> {
  if (!isWellFormedApiKey(secret)) throw ApiError.unauthorized("Invalid or revoked API key.");
  const cacheKey = hashApiKeySecret(secret);
  const cached = fresh ? undefined : keyCache.get(cacheKey);
  if (cached) {
    cached.lastUsedAt = await stampLastUsed(getDb(), cached.keyId, cached.lastUsedAt);
    return { ...cached.caller, freshness: new AuthCheck(cached.version, () => keyCache.delete(cacheKey)) };
  }
  const key = await findActiveApiKey(getDb(), secret);
  if (!key) {
    keyCache.delete(cacheKey);
    throw ApiError.unauthorized("Invalid or revoked API key.");
  }
  const caller = callerOf(key.owner, "api_key", key);
  keyCache.set(cacheKey, { caller, keyId: key.keyId, version: key.authVersion, lastUsedAt: key.lastUsedAt });
  return caller;
}

/**
 * Confirms a cached caller with a statement of its own, when the request's data did not; nothing
 * to wait for (undefined) when there is nothing to confirm, as on most requests.
 */
export function confirmCallerNow(caller: Caller): Promise<void> | undefined {
  const check = caller.freshness;
  return check && !check.confirmed ? confirmNow(check) : undefined;
}

async function confirmNow(check: AuthCheck): Promise<void> {
  const [row] = await sqlRunner(getDb())<{ version: unknown }>({ text: `SELECT version FROM table_versions WHERE name = '${check.counter}'`, values: [] });
  check.observe(String(row.version));
}

/** Server components: the signed-in user, or null (the proxy has already sent strangers to sign-in). */
export async function getPageCaller(): Promise<Caller | null> {
  const claims = await getSessionClaims();
  return claims ? loadSessionCaller(claims.userId, claims.sessionVersion) : null;
}

export function requirePermission(caller: Caller, permission: Permission, action: string): void {
  if (!caller.permissions.includes(permission)) {
    throw ApiError.forbidden(`${action} requires the "${permission}" permission.`);
  }
}
