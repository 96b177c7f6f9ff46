import "server-only";
import { getToken } from "next-auth/jwt";
import { NextRequest } from "next/server";
import { findActiveApiKey, parsePermissionList, type KeyOwner } from "../api-keys/keys";
import { ApiError } from "../schema/errors";
import { getDb } from "../db/client";
import { ROLES, type Permission, type Role } from "../domain/enums";
import { sessionCookieOptions } from "./cookies";
import type { Requirement } from "./requirements";
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
}

/**
 * The user columns a Caller is built from (KeyOwner), as the session path reads them; the API-key
 * lookup reads the same ones joined to the key, in one query (lib/api-keys/keys.ts).
 */
const CALLER_USER_SELECT = {
  id: true,
  email: true,
  name: true,
  role: true,
  permissions: true,
  team: { select: { id: true, name: true } },
} as const;

function callerOf(user: KeyOwner, via: Caller["via"], key?: { scopes: Permission[]; prefix: string }): Caller {
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
 * API callers: a Bearer key when an Authorization header is sent, else the browser session. Read
 * from the database on every request, so a revoked key or a changed permission holds from the
 * next request on (docs/performance-decisions.md, "The caller, once per request").
 */
export async function resolveCaller(request: Request): Promise<Caller> {
  const authorization = request.headers.get("authorization");
  if (authorization === null) return resolveSession(request);
  const match = /^Bearer +(\S+) *$/i.exec(authorization);
  if (!match) throw ApiError.unauthorized("Malformed Authorization header: expected `Bearer <api key>`.");
  const key = await findActiveApiKey(getDb(), match[1]);
  if (!key) throw ApiError.unauthorized("Invalid or revoked API key.");
  return callerOf(key.owner, "api_key", key);
}

async function resolveSession(request: Request): Promise<Caller> {
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

/** Server components: the signed-in user, or null (the proxy has already sent strangers to sign-in). */
export async function getPageCaller(): Promise<Caller | null> {
  const claims = await getSessionClaims();
  return claims ? loadSessionCaller(claims.userId, claims.sessionVersion) : null;
}

/** Refuses (403) a caller without the operation's permission (lib/auth/requirements.ts). */
export function requirePermission(caller: Caller, { permission, action }: Requirement): void {
  if (!caller.permissions.includes(permission)) {
    throw ApiError.forbidden(`${action} requires the "${permission}" permission.`);
  }
}
