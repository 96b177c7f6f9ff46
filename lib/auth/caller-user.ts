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
