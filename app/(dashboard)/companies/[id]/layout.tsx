import { requireCaller } from "../../_lib/caller";
import { loadCompanyForPage } from "../../_lib/company";

/**
 * Access checks for a company page, in the layout: it renders outside the page's loading.tsx
 * Suspense boundary, so forbidden() / notFound() run before streaming starts and the response
 * carries a real 403 / 404 status. The page repeats the check (Next renders layout and page
 * concurrently, so the layout alone would not stop the page from loading its data); both share one
 * cached lookup.
 */
export default async function CompanyLayout({
  children,
  params,
}: {
  children: React.ReactNode;
  params: Promise<{ id: string }>;
}) {
  const caller = await requireCaller();
  const { id } = await params;
  await loadCompanyForPage(caller, id);
  return children;
}
