import { requireCaller } from "../../_lib/caller";
import { loadTradeForPage } from "../../_lib/record";

/** The 404 check of /trades/[id], above the page's loading.tsx so the status is a real 404. */
export default async function TradeLayout({ children, params }: { children: React.ReactNode; params: Promise<{ id: string }> }) {
  const caller = await requireCaller();
  await loadTradeForPage(caller, (await params).id);
  return children;
}
