import { SkeletonBlock } from "@/components/layout/skeleton";

export default function Loading() {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">Loading companies…</span>
      <div aria-hidden="true" className="space-y-3">
        <SkeletonBlock className="h-5 w-40" />
        <div className="flex gap-2">
          <SkeletonBlock className="h-8 w-56" />
          <SkeletonBlock className="h-8 w-36" />
          <SkeletonBlock className="h-8 w-36" />
        </div>
        <div className="divide-y divide-slate-100 rounded-md border border-slate-200 bg-white">
          {Array.from({ length: 10 }, (_, i) => (
            <div key={i} className="flex items-center gap-3 px-3 py-2">
              <SkeletonBlock className="h-12 w-12" />
              <SkeletonBlock className="h-3 w-48" />
              <SkeletonBlock className="ml-auto h-3 w-32 bg-slate-100" />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
