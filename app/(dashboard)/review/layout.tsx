import { forbidden } from "next/navigation";
import { requireCaller } from "../_lib/caller";

/**
 * Team leads only. The check lives in the layout, above review/loading.tsx's Suspense boundary,
 * so it runs before streaming starts and the response really carries status 403.
 */
export default async function ReviewLayout({ children }: { children: React.ReactNode }) {
  const caller = await requireCaller();
  if (caller.role !== "team_lead") forbidden();
  return children;
}
