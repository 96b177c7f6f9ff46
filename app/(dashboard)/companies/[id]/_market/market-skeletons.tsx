import { SkeletonBlock } from "@/components/layout/skeleton";

/** The loading state of one market section, shaped like it, while its query streams in. */
export function MarketSectionSkeleton({ label, height }: { label: string; height: string }) {
  return (
    <div role="status" aria-live="polite" className="rounded-md border border-slate-200 bg-white p-5 shadow-sm" data-testid="market-loading">
      <span className="sr-only">Loading the {label}…</span>
      <div aria-hidden="true" className="space-y-3">
        <SkeletonBlock className="h-4 w-40" />
        <SkeletonBlock className={`w-full bg-slate-100 ${height}`} />
      </div>
    </div>
  );
}
