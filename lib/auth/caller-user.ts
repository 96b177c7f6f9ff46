import type { KeyOwner } from "../api-keys/keys";

/**
 * The user columns a Caller is built from. Shared by the session path and the API-key lookup,
 * which fetches the key and its owner in one query (every API request pays for it).
 */
export const CALLER_USER_SELECT = {
  id: true,
  email: true,
  name: true,
  role: true,
  permissions: true,
  team: { select: { id: true, name: true } },
} as const;

/** The same columns as an API key's owner is read with. */
export type CallerUser = KeyOwner;

/**
 * The change counter every write to users, teams and API keys bumps (migrations
 * 20261126020000_auth_version and 20261127110100_auth_version_every_write): caches of what shows
 * a team's or a user's name (the order book, the tape) are kept under it.
 */
export const AUTH_COUNTER = "auth";
