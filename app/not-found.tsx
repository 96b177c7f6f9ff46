import Link from "next/link";

/** Addresses that match no route at all (outside the dashboard's layout). */
export default function NotFound() {
  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <div className="max-w-md text-center" data-testid="not-found-page">
        <p className="text-xs font-semibold uppercase tracking-widest text-slate-500">404</p>
        <h1 className="mt-1 text-lg font-semibold text-slate-900">Page not found</h1>
        <p className="mt-1 text-sm text-slate-600">There is nothing at this address.</p>
        <Link href="/companies" className="mt-4 inline-block text-sm font-medium text-indigo-700 hover:underline">
          Go to the dashboard
        </Link>
      </div>
    </main>
  );
}
