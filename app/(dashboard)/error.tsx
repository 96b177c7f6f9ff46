"use client";

import Link from "next/link";
import { useEffect } from "react";

/**
 * Unexpected failures. Shows no internals: in production Next replaces a server error's message
 * with a generic one and gives us only `digest`, an opaque id that matches the server log line.
 */
export default function DashboardError({ error, retry }: { error: unknown; retry: () => void }) {
  const digest = error instanceof Error ? (error as Error & { digest?: string }).digest : undefined;
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <div role="alert" className="mx-auto max-w-lg rounded-md border border-red-200 bg-white p-6 text-center shadow-sm" data-testid="error-page">
      <h1 className="text-base font-semibold text-slate-900">Something went wrong</h1>
      <p className="mt-1 text-sm text-slate-600">The page could not be loaded. Try again, or come back in a moment.</p>
      {digest ? (
        <p className="mt-2 text-xs text-slate-500">
          Reference: <code className="font-mono">{digest}</code>
        </p>
      ) : null}
      <div className="mt-4 flex justify-center gap-2">
        <button
          type="button"
          onClick={() => retry()}
          className="rounded bg-indigo-600 px-3 py-1.5 text-xs font-semibold text-white hover:bg-indigo-700"
        >
          Try again
        </button>
        <Link href="/companies" className="rounded border border-slate-300 px-3 py-1.5 text-xs font-medium text-slate-700 hover:bg-slate-50">
          Go to companies
        </Link>
      </div>
    </div>
  );
}
