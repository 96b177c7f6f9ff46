import Link from "next/link";

/** Rendered with status 403 by forbidden() (company pages without the permission, /review). */
export default function DashboardForbidden() {
  return (
    <div className="mx-auto max-w-lg rounded-md border border-amber-200 bg-white p-6 text-center shadow-sm" data-testid="no-access-page">
      <p className="text-xs font-semibold uppercase tracking-widest text-amber-600">403 · No access</p>
      <h1 className="mt-1 text-base font-semibold text-slate-900">You don’t have access to this page</h1>
      <p className="mt-1 text-sm text-slate-600">
        Your account lacks the permission or role this page needs. Ask your team lead or the marketplace team if you should have it.
      </p>
      <Link href="/companies" className="mt-4 inline-block text-sm font-medium text-indigo-700 hover:underline">
        Back to companies
      </Link>
    </div>
  );
}
