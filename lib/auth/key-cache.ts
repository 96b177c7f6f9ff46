/**
 * Resolved API keys, reused across requests while nothing they depend on has changed.
 *
 * Resolving a key is a database statement on every API request, as costly as the page it guards
 * (docs/performance.md). A resolved key is kept with the 'auth' change counter it was read under;
 * every change that can alter it (revocation, scopes, owner, the owner's team, role or
 * permissions) bumps that counter (migration 20261126020000_auth_version). A request served from
 * the cache carries an AuthCheck that must be confirmed against the counter as read in the same
 * snapshot as the request's data (list statements read it as a column), or by one small statement
 * before the response is sent (lib/api/handler.ts). If the counter moved, the entry is dropped and
 * the request runs again with the key resolved afresh: a revoked key is refused on its next call.
 */

/** What a cached caller still has to prove within the request. */
export class AuthCheck {
  confirmed = false;
  constructor(
    readonly version: string,
    readonly cacheKey: string,
  ) {}
}

/** The cached caller is out of date: resolve it again and redo the request. */
export class StaleCallerError extends Error {
  constructor() {
    super("the cached API key changed; resolving it again");
    this.name = "StaleCallerError";
  }
}

export interface CachedKey<C> {
  caller: C;
  keyId: string;
  version: string;
  lastUsedAt: Date | null;
}

/**
 * Confirms a caller against the auth version read with the request's data. A no-op for callers
 * resolved afresh (no check) or already confirmed; throws StaleCallerError if the version moved.
 */
export function confirmAuth(check: AuthCheck | undefined, authVersion: string, onStale: (cacheKey: string) => void): void {
  if (!check || check.confirmed) return;
  if (check.version !== authVersion) {
    onStale(check.cacheKey);
    throw new StaleCallerError();
  }
  check.confirmed = true;
}
