import { forbidden } from "next/navigation";
import { cache } from "react";

/**
 * forbidden() that says why: the 403 page (forbidden.tsx) cannot take props, so what was missing
 * is kept in a per-request record (React's cache is scoped to the request) that the page reads.
 */
export type MissingAccess = { kind: "permission" | "role"; name: string };

const denial = cache((): { missing: MissingAccess | null } => ({ missing: null }));

export function forbid(missing: MissingAccess): never {
  denial().missing = missing;
  forbidden();
}

/** What the request was refused for, when the refusal said (forbid). */
export function missingAccess(): MissingAccess | null {
  return denial().missing;
}
