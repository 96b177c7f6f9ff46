import Link from "next/link";
import type { InvalidQuery } from "../_lib/params";

/** A bad URL parameter is the user's (or a link's) mistake: say what is wrong, offer a way out. */
export function InvalidQueryAlert({ error, resetHref }: { error: InvalidQuery; resetHref: string }) {
  return (
    <div role="alert" className="mb-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="invalid-query">
      {error.problems.length > 1 ? (
        <>
          <p className="font-medium">This link has {error.problems.length} invalid parameters.</p>
          <ul className="mt-0.5 list-disc pl-4 text-xs">
            {error.problems.map((problem) => (
              <li key={problem.param}>{problem.message}</li>
            ))}
          </ul>
        </>
      ) : (
        <>
          <p className="font-medium">
            {error.refused ? "This link asks for what your account may not see: " : "This link has an invalid "}
            {error.param ? <code className="whitespace-nowrap font-mono text-xs">{error.param}</code> : "parameter"}.
          </p>
          <p className="mt-0.5 text-xs">{error.message}</p>
        </>
      )}
      <Link href={resetHref} className="mt-1 inline-block text-xs font-medium text-amber-900 underline">
        Reset all filters
      </Link>
    </div>
  );
}
