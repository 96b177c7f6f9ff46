import type { SnapshotCheck } from "../db/page";

/**
 * Resolved API keys, reused across requests while nothing they depend on has changed.
 *
 * Resolving a key is a database statement on every API request, as costly as the page it guards
 * (docs/performance.md, "API key cache"). A resolved key is kept with the 'auth' change counter it
 * was read under; every change that can alter it (revocation, scopes, owner, the owner's team, role or
 * permissions) bumps that counter (migration 20261126020000_auth_version). A request served from
 * the cache carries an AuthCheck: the data functions hand it to the engine, which reads the
 * counter in the same statement as the data, or the handler confirms it with one small statement
 * before answering (lib/api/handler.ts). If the counter moved, the entry is dropped and the
 * request runs again with the key resolved afresh: a revoked key is refused on its next call.
 */

/** The change counter every write to users, teams and API keys bumps. */
export const AUTH_COUNTER = "auth";

/** What a cached caller still has to prove within the request. */
export class AuthCheck implements SnapshotCheck {
  readonly counter = AUTH_COUNTER;
  confirmed = false;
  constructor(
    readonly version: string,
    private readonly onStale: () => void,
  ) {}

  /** Throws StaleCallerError if the counter moved since the key was cached. */
  observe(version: string): void {
    if (this.confirmed) return;
    if (version !== this.version) {
      this.onStale();
      throw new StaleCallerError();
    }
    this.confirmed = true;
  }
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
