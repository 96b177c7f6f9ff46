import { requireCaller } from "../../_lib/caller";
import { loadDealForPage } from "../../_lib/deals";

/**
 * The 404 check of /deals/[id], in a layout above the page's loading.tsx so the answer really
 * carries status 404 (the indication page's pattern); the page reuses the cached lookup.
 */
export default async function DealLayout({ children, params }: { children: React.ReactNode; params: Promise<{ id: string }> }) {
  await loadDealForPage(await requireCaller(), (await params).id);
  return children;
}
