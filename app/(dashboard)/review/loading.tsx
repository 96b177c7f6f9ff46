import { SkeletonBlock, TableSkeleton } from "@/components/layout/skeleton";

export default function Loading() {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">Loading the review…</span>
      <div aria-hidden="true" className="space-y-4">
        <SkeletonBlock className="h-5 w-40" />
        <div className="grid grid-cols-3 gap-3">
          <SkeletonBlock className="h-16" />
          <SkeletonBlock className="h-16" />
          <SkeletonBlock className="h-16" />
        </div>
        <TableSkeleton rows={8} columns={9} />
      </div>
    </div>
  );
}
