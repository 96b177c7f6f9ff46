import { requireCaller } from "../_lib/caller";
import { forbid } from "../_lib/forbid";
import { REVIEW_ROLE } from "./role";

/**
 * Team leads only. The check lives in the layout, above review/loading.tsx's Suspense boundary,
 * so it runs before streaming starts and the response really carries status 403.
 */
export default async function ReviewLayout({ children }: { children: React.ReactNode }) {
  const caller = await requireCaller();
  if (caller.role !== REVIEW_ROLE) forbid({ kind: "role", name: REVIEW_ROLE });
  return children;
}
