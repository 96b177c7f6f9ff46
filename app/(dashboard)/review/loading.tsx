import { SkeletonBlock, TableSkeleton } from "@/components/layout/skeleton";

export default function Loading() {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">Loading the review…</span>
      <div aria-hidden="true" className="space-y-4">
        <SkeletonBlock className="h-5 w-40" />
        {/* The page's first box: the filters, and the totals below them. */}
        <div className="space-y-3 rounded-md border border-slate-200 bg-white p-4">
          <div className="flex flex-wrap gap-2">
            {Array.from({ length: 6 }, (_, i) => (
              <SkeletonBlock key={i} className="h-8 w-24" />
            ))}
          </div>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            <SkeletonBlock className="h-16 bg-slate-100" />
            <SkeletonBlock className="h-16 bg-slate-100" />
            <SkeletonBlock className="h-16 bg-slate-100" />
          </div>
        </div>
        <TableSkeleton rows={8} columns={9} filters={0} />
      </div>
    </div>
  );
}
