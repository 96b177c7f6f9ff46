"use client";

import { useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import type { CompanyOption } from "@/components/data-table/types";

const SUGGESTION_LIMIT = 20;

/**
 * A company by name, kept as its id: suggestions from the company list API (`searchUrl`, which
 * accepts the browser session) as the user types; a name typed exactly, or the only match, is
 * taken. `onChange` gets the id, or "" while no company is chosen.
 */
export function CompanyTypeahead({
  id,
  searchUrl,
  initial,
  invalid,
  describedBy,
  onChange,
}: {
  id: string;
  searchUrl: string;
  initial: CompanyOption | null;
  invalid: boolean;
  describedBy?: string;
  onChange: (companyId: string) => void;
}) {
  const [text, setText] = useState(initial?.name ?? "");
  const [suggestions, setSuggestions] = useState<CompanyOption[]>(initial ? [initial] : []);
  // How many companies the typed text matches (the list's total), until one is chosen.
  const [matches, setMatches] = useState<{ query: string; total: number } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<AbortController | null>(null);
  const listId = `${id}-list`;

  useEffect(
    () => () => {
      pending.current?.abort();
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  async function search(query: string): Promise<CompanyOption[]> {
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    try {
      const response = await fetch(`${searchUrl}?${new URLSearchParams({ q: query, per_page: String(SUGGESTION_LIMIT) })}`, {
        signal: controller.signal,
        headers: { accept: "application/json" },
      });
      if (!response.ok) return [];
      const body = (await response.json()) as { companies?: CompanyOption[]; total_count?: number };
      const list = Array.isArray(body.companies) ? body.companies.map((c) => ({ id: c.id, name: c.name })) : [];
      setSuggestions(list);
      setMatches({ query, total: typeof body.total_count === "number" ? body.total_count : list.length });
      return list;
    } catch {
      return [];
    }
  }

  const exact = (list: CompanyOption[], value: string) => list.find((c) => c.name.toLowerCase() === value.trim().toLowerCase());

  /** Takes the company the text names (exactly, or as the only match), if any. */
  async function settle(value: string): Promise<void> {
    // The typing's own search, still waiting, would abort this one.
    if (timer.current) clearTimeout(timer.current);
    if (value.trim() === "") return onChange("");
    const list = exact(suggestions, value) ? suggestions : await search(value.trim());
    const match = exact(list, value) ?? (list.length === 1 ? list[0] : undefined);
    // At once (flushSync): an Enter that waited for this submits the form with the company in it.
    flushSync(() => {
      if (match) {
        setText(match.name);
        setMatches(null);
      }
      onChange(match ? match.id : "");
    });
  }

  const matchesId = `${id}-matches`;
  const chosen = exact(suggestions, text) !== undefined;

  return (
    <>
      <input
        id={id}
        type="text"
        list={listId}
        value={text}
        autoComplete="off"
        placeholder="Type a company name"
        aria-invalid={invalid || undefined}
        aria-describedby={[describedBy, matches && !chosen ? matchesId : null].filter(Boolean).join(" ") || undefined}
        data-testid="field-issuer_id"
        onChange={(event) => {
          const value = event.target.value;
          setText(value);
          const match = exact(suggestions, value);
          if (match) {
            setMatches(null);
            return onChange(match.id);
          }
          onChange("");
          if (timer.current) clearTimeout(timer.current);
          if (value.trim() !== "") timer.current = setTimeout(() => void search(value.trim()), 200);
        }}
        onBlur={() => void settle(text)}
        onKeyDown={(event) => {
          // Enter before the suggestions came back: take the company typed first, then submit.
          if (event.key !== "Enter" || exact(suggestions, text)) return;
          event.preventDefault();
          const form = event.currentTarget.form;
          void settle(text).then(() => form?.requestSubmit());
        }}
        className="h-9 w-full rounded border border-slate-300 bg-white px-2 text-sm shadow-sm focus:border-indigo-500 aria-invalid:border-red-600"
      />
      <p id={matchesId} aria-live="polite" className="text-[11px] text-slate-600" data-testid="issuer-matches">
        {matches && !chosen && text.trim() !== "" ? matchesText(matches.total, matches.query) : ""}
      </p>
      <datalist id={listId}>
        {suggestions.map((c) => (
          <option key={c.id} value={c.name} />
        ))}
      </datalist>
    </>
  );
}

function matchesText(total: number, query: string): string {
  if (total === 0) return `No company matches “${query}”.`;
  if (total === 1) return "One company matches: leave the field to take it, or pick it from the list.";
  return `${total.toLocaleString("en-US")} companies match: pick one from the list${total > SUGGESTION_LIMIT ? ` (the first ${SUGGESTION_LIMIT} shown) or type more` : ""}.`;
}
