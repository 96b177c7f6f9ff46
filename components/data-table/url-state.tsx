"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { createContext, useCallback, useContext, useMemo, useState, useTransition } from "react";

/**
 * All table state lives in the URL. Every change of the rows is a `router.push` of the new query
 * string, so the back button, reload and a shared link restore it, and the server page renders the
 * new rows. The navigation runs in a transition: `isPending` dims the table while the rows load.
 * View-only state (hidden columns, density) replaces the URL in place instead (replaceView).
 */

export type ParamChanges = Record<string, string | null>;

interface TableUrl {
  prefix: string;
  isPending: boolean;
  /** The value of one of this table's parameters (prefix added for you). */
  get(key: string): string | null;
  /** Apply changes (null removes a parameter). Filters reset to page 1 unless `keepPage`. */
  update(changes: ParamChanges, options?: { keepPage?: boolean }): void;
  /** The whole query string now (what the controls show), and a move to another one (a saved view). */
  query: string;
  open(query: string): void;
  /**
   * Change view-only parameters (hidden columns, density): the URL is replaced in place
   * (history.replaceState, which Next's router follows), so the view changes at once with no
   * request to the server and no history entry.
   */
  replaceView(changes: ParamChanges): void;
}

const TableUrlContext = createContext<TableUrl | null>(null);

export function TableUrlProvider({ prefix = "", children }: { prefix?: string; children: React.ReactNode }) {
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const [isPending, startTransition] = useTransition();
  // The query string we are navigating to. While the navigation is pending, controls show it and
  // further changes build on it, so two quick clicks (side, then stage) both land in the URL.
  const [target, setTarget] = useState<string | null>(null);
  // View-only changes (replaceView) are applied here at once and written to the address bar; they
  // hold while the URL Next knows is the one they were made on.
  const [view, setView] = useState<{ from: string; query: string } | null>(null);
  const urlQuery = searchParams.toString();
  const viewQuery = view !== null && view.from === urlQuery ? view.query : null;
  const current = useMemo(
    () => (isPending && target !== null ? new URLSearchParams(target) : new URLSearchParams(viewQuery ?? urlQuery)),
    [isPending, target, viewQuery, urlQuery],
  );

  const get = useCallback((key: string) => current.get(`${prefix}${key}`), [current, prefix]);

  const open = useCallback(
    (query: string) => {
      setTarget(query);
      startTransition(() => {
        router.push(query ? `${pathname}?${query}` : pathname, { scroll: false });
      });
    },
    [pathname, router],
  );

  const update = useCallback(
    (changes: ParamChanges, options?: { keepPage?: boolean }) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null) next.delete(`${prefix}${key}`);
        else next.set(`${prefix}${key}`, value);
      }
      if (!options?.keepPage && !("page" in changes)) next.delete(`${prefix}page`);
      // Commas of list values stay readable (side=bid,offer); they are legal in a query string.
      open(next.toString().replace(/%2C/gi, ","));
    },
    [current, prefix, open],
  );

  const replaceView = useCallback(
    (changes: ParamChanges) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null) next.delete(`${prefix}${key}`);
        else next.set(`${prefix}${key}`, value);
      }
      const query = next.toString().replace(/%2C/gi, ",");
      setView({ from: urlQuery, query });
      // The address bar follows (reload and shared links keep the view); Next's own history state
      // is kept as it is, so back and forward still work.
      window.history.replaceState(window.history.state, "", query ? `${pathname}?${query}` : pathname);
    },
    [current, prefix, pathname, urlQuery],
  );

  const query = current.toString();
  const value = useMemo(() => ({ prefix, isPending, get, update, query, open, replaceView }), [prefix, isPending, get, update, query, open, replaceView]);
  return <TableUrlContext.Provider value={value}>{children}</TableUrlContext.Provider>;
}

/** True inside a TableUrlProvider (DataTable then shares it instead of creating its own). */
export function useHasTableUrl(): boolean {
  return useContext(TableUrlContext) !== null;
}

export function useTableUrl(): TableUrl {
  const value = useContext(TableUrlContext);
  if (!value) throw new Error("useTableUrl must be used inside <TableUrlProvider>");
  return value;
}

/** Server-rendered content that dims while the table's navigation is pending. */
export function PendingRegion({ children, className }: { children: React.ReactNode; className?: string }) {
  const { isPending } = useTableUrl();
  return (
    <div aria-busy={isPending} className={`${className ?? ""} transition-opacity ${isPending ? "opacity-50" : ""}`}>
      {children}
    </div>
  );
}
