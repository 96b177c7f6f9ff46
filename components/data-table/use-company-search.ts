"use client";

import { useEffect, useRef, useState } from "react";
import type { CompanyOption } from "./types";

/** Suggestions a search asks for: enough to pick from in a datalist, few enough to send fast. */
export const SUGGESTION_LIMIT = 20;

/** What one search found: the query and how many companies it matches in all (not just those sent). */
export interface CompanyMatches {
  query: string;
  total: number;
}

/** The company of `list` whose name is `value`, ignoring case and the spaces around it. */
export function exactCompany(list: CompanyOption[], value: string): CompanyOption | undefined {
  const needle = value.trim().toLowerCase();
  return list.find((c) => c.name.toLowerCase() === needle);
}

/**
 * One page of the company list API (`searchUrl`, which accepts the browser session) for `query`;
 * null when the server says no. Only id and name are kept: that is all a suggestion needs.
 */
export async function fetchCompanies(searchUrl: string, query: string, signal: AbortSignal): Promise<{ list: CompanyOption[]; total: number } | null> {
  const response = await fetch(`${searchUrl}?${new URLSearchParams({ q: query, per_page: String(SUGGESTION_LIMIT) })}`, {
    signal,
    headers: { accept: "application/json" },
  });
  if (!response.ok) return null;
  const body = (await response.json()) as { companies?: CompanyOption[]; total_count?: number };
  const list = Array.isArray(body.companies) ? body.companies.map((c) => ({ id: c.id, name: c.name })) : [];
  return { list, total: typeof body.total_count === "number" ? body.total_count : list.length };
}

/**
 * Company suggestions for a field where a company is typed by name (the company filter, the record
 * form's typeahead): `searchSoon` as the user types (debounced), `resolve` when the text must name
 * one. Only the newest search counts: each one aborts the one before.
 */
export function useCompanySearch(searchUrl: string, initial: CompanyOption | null) {
  const [suggestions, setSuggestions] = useState<CompanyOption[]>(initial ? [initial] : []);
  const [matches, setMatches] = useState<CompanyMatches | null>(null);
  const pending = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      pending.current?.abort();
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  /** Drops the search that typing scheduled and has not started yet. */
  function cancel() {
    if (timer.current) clearTimeout(timer.current);
  }

  async function search(query: string): Promise<CompanyOption[]> {
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    try {
      const found = await fetchCompanies(searchUrl, query, controller.signal);
      if (!found) return [];
      setSuggestions(found.list);
      setMatches({ query, total: found.total });
      return found.list;
    } catch {
      return [];
    }
  }

  /** Searches for `value` once the user stops typing for a moment (nothing for blank text). */
  function searchSoon(value: string) {
    cancel();
    if (value.trim() !== "") timer.current = setTimeout(() => void search(value.trim()), 200);
  }

  /**
   * The company `value` names: typed exactly, or the only match of a search for it; `list` is what
   * it was looked for in. The typing's own search, still waiting, would abort this one: it is dropped.
   */
  async function resolve(value: string): Promise<{ match: CompanyOption | undefined; list: CompanyOption[] }> {
    cancel();
    const list = exactCompany(suggestions, value) ? suggestions : await search(value.trim());
    return { match: exactCompany(list, value) ?? (list.length === 1 ? list[0] : undefined), list };
  }

  return {
    suggestions,
    /** The last search's count, until `forgetMatches` (a company was chosen). */
    matches,
    forgetMatches: () => setMatches(null),
    /** The suggestion named exactly by `value`, if any. */
    exact: (value: string) => exactCompany(suggestions, value),
    searchSoon,
    resolve,
    cancel,
  };
}
