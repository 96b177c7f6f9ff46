/** Loading placeholders (loading.tsx): grey blocks shaped like the page that is coming. */

export function SkeletonBlock({ className }: { className?: string }) {
  return <div className={`animate-pulse rounded bg-slate-200 ${className ?? ""}`} />;
}

export function TableSkeleton({ rows = 12, columns = 8, filters = 5 }: { rows?: number; columns?: number; filters?: number }) {
  return (
    <div className="space-y-2" aria-hidden="true">
      <div className="flex flex-wrap gap-2">
        {Array.from({ length: filters }, (_, i) => (
          <SkeletonBlock key={i} className="h-8 w-24" />
        ))}
        <SkeletonBlock className="ml-auto h-8 w-32" />
      </div>
      <div className="overflow-hidden rounded-md border border-slate-200 bg-white">
        <div className="flex gap-4 border-b border-slate-200 bg-slate-50 px-3 py-2.5">
          {Array.from({ length: columns }, (_, i) => (
            <SkeletonBlock key={i} className="h-3 flex-1" />
          ))}
        </div>
        {Array.from({ length: rows }, (_, r) => (
          <div key={r} className="flex gap-4 border-b border-slate-100 px-3 py-2.5 last:border-0">
            {Array.from({ length: columns }, (_, i) => (
              <SkeletonBlock key={i} className="h-3 flex-1 bg-slate-100" />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}

export function PageSkeleton({ title, rows, columns }: { title: string; rows?: number; columns?: number }) {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">Loading {title}…</span>
      <div className="mb-4 space-y-1.5" aria-hidden="true">
        <SkeletonBlock className="h-5 w-40" />
        <SkeletonBlock className="h-3 w-72 bg-slate-100" />
      </div>
      <TableSkeleton rows={rows} columns={columns} />
    </div>
  );
}
