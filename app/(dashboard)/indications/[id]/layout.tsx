import { requireCaller } from "../../_lib/caller";
import { loadIndicationForPage } from "../../_lib/record";

/**
 * The 404 check of /indications/[id], in a layout above the page's loading.tsx so the answer
 * really carries status 404 (the company page's pattern); the page reuses the cached lookup.
 */
export default async function IndicationLayout({ children, params }: { children: React.ReactNode; params: Promise<{ id: string }> }) {
  const caller = await requireCaller();
  await loadIndicationForPage(caller, (await params).id);
  return children;
}
