import "server-only";
import { createApiKey, listApiKeys, revokeApiKey } from "../api-keys/keys";
import { getDb } from "../db/client";
import type { Caller } from "./caller";

/**
 * The signed-in user's own API keys, as the dashboard's settings page manages them: never another
 * user's (the operator CLI, lib/api-keys/cli.ts, manages anyone's on the database it is given).
 */

export const listOwnApiKeys = (caller: Caller) => listApiKeys(getDb(), caller.userId);

export const createOwnApiKey = (caller: Caller, name: string) => createApiKey(getDb(), { userId: caller.userId, name });

/** The key revoked, or null when the caller has no key with that prefix or id. */
export const revokeOwnApiKey = (caller: Caller, prefixOrId: string) => revokeApiKey(getDb(), { prefixOrId, userId: caller.userId });
