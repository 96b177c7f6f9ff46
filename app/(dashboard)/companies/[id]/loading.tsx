import { SkeletonBlock, TableSkeleton } from "@/components/layout/skeleton";

export default function Loading() {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">Loading the company…</span>
      <div aria-hidden="true" className="space-y-5">
        <div className="flex gap-5 rounded-md border border-slate-200 bg-white p-5">
          <SkeletonBlock className="h-24 w-24" />
          <div className="flex-1 space-y-2">
            <SkeletonBlock className="h-5 w-56" />
            <SkeletonBlock className="h-3 w-72 bg-slate-100" />
            <SkeletonBlock className="h-3 w-full max-w-xl bg-slate-100" />
          </div>
        </div>
        <TableSkeleton rows={5} columns={8} filters={3} />
        <TableSkeleton rows={5} columns={8} filters={1} />
      </div>
    </div>
  );
}
