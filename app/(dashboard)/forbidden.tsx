import Link from "next/link";
import { ROLE_LABELS } from "@/lib/format";
import { missingAccess } from "./_lib/forbid";

/** Rendered with status 403 by forbidden() (company pages without the permission, /review); names what is missing. */
export default function DashboardForbidden() {
  const missing = missingAccess();
  return (
    <div className="mx-auto max-w-lg rounded-md border border-amber-200 bg-white p-6 text-center shadow-sm" data-testid="no-access-page">
      <p className="text-xs font-semibold uppercase tracking-widest text-amber-700">403 · No access</p>
      <h1 className="mt-1 text-base font-semibold text-slate-900">You don’t have access to this page</h1>
      <p className="mt-1 text-sm text-slate-700" data-testid="missing-access">
        {missing ? (
          <>
            This page needs the{" "}
            {/* A role by the name the header shows ("team lead"), a permission by its API name. */}
            {missing.kind === "role" ? (
              (ROLE_LABELS[missing.name] ?? missing.name).toLowerCase()
            ) : (
              <code className="rounded bg-slate-100 px-1 font-mono text-[13px]">{missing.name}</code>
            )}{" "}
            {missing.kind}, which your account does not have.
          </>
        ) : (
          <>Your account lacks the permission or role this page needs.</>
        )}{" "}
        Ask your team lead or the marketplace team if you should have it.
      </p>
      <Link href="/companies" className="mt-4 inline-block text-sm font-medium text-indigo-700 hover:underline">
        Back to companies
      </Link>
    </div>
  );
}
