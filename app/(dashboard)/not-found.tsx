import Link from "next/link";

export default function DashboardNotFound() {
  return (
    <div className="mx-auto max-w-lg rounded-md border border-slate-200 bg-white p-6 text-center shadow-sm" data-testid="not-found-page">
      <p className="text-xs font-semibold uppercase tracking-widest text-slate-500">404</p>
      <h1 className="mt-1 text-base font-semibold text-slate-900">Not found</h1>
      <p className="mt-1 text-sm text-slate-600">There is nothing at this address. It may have been removed, or the link is wrong.</p>
      <Link href="/companies" className="mt-4 inline-block text-sm font-medium text-indigo-700 hover:underline">
        Back to companies
      </Link>
    </div>
  );
}
