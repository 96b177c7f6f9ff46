"use client";

import { useState } from "react";
import { flushSync } from "react-dom";
import type { CompanyOption } from "@/components/data-table/types";
import { SUGGESTION_LIMIT, useCompanySearch } from "@/components/data-table/use-company-search";

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
  // `matches`: how many companies the typed text matches (the list's total), until one is chosen.
  const { suggestions, matches, forgetMatches, exact, searchSoon, resolve, cancel } = useCompanySearch(searchUrl, initial);
  const listId = `${id}-list`;

  /** Takes the company the text names (exactly, or as the only match), if any. */
  async function settle(value: string): Promise<void> {
    if (value.trim() === "") {
      cancel();
      return onChange("");
    }
    const { match } = await resolve(value);
    // At once (flushSync): an Enter that waited for this submits the form with the company in it.
    flushSync(() => {
      if (match) {
        setText(match.name);
        forgetMatches();
      }
      onChange(match ? match.id : "");
    });
  }

  const matchesId = `${id}-matches`;
  const chosen = exact(text) !== undefined;

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
          const match = exact(value);
          if (match) {
            forgetMatches();
            return onChange(match.id);
          }
          onChange("");
          searchSoon(value);
        }}
        onBlur={() => void settle(text)}
        onKeyDown={(event) => {
          // Enter before the suggestions came back: take the company typed first, then submit.
          if (event.key !== "Enter" || exact(text)) return;
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
