import { redirect } from "next/navigation";
import { cache } from "react";
import { getPageCaller, type Caller } from "@/lib/auth/caller";

/** The signed-in caller, loaded once per request however many components ask. */
const currentCaller = cache(getPageCaller);

/**
 * The caller, or a redirect to sign-in: the proxy lets a valid cookie through, but its user may
 * have been deleted since.
 */
export async function requireCaller(): Promise<Caller> {
  const caller = await currentCaller();
  if (!caller) redirect("/sign-in");
  return caller;
}
