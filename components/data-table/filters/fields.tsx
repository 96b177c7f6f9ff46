"use client";

// What several filter kinds share: the look of a field, the URL-following text, the apply-on-Enter input.

import { useState } from "react";
import { useTableUrl } from "../url-state";

/**
 * Local text of an input that follows the URL: it changes when the URL value changes (back button,
 * reset), but typing does not touch the URL until the filter is applied, and the input keeps focus.
 */
export function useUrlSyncedText(urlValue: string): [string, (value: string) => void] {
  const [text, setText] = useState(urlValue);
  const [seen, setSeen] = useState(urlValue);
  if (seen !== urlValue) {
    setSeen(urlValue);
    setText(urlValue);
  }
  return [text, setText];
}

export const inputClass =
  "h-8 rounded border border-slate-300 bg-white px-2 text-xs text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-indigo-500";
/** A toolbar control with its label inside its border: every item of the bar is one height (h-8). */
export const fieldClass = "relative flex h-8 items-center rounded border border-slate-300 bg-white shadow-sm focus-within:border-indigo-500";
export const fieldLabelClass = "whitespace-nowrap pl-2 pr-1 text-[11px] font-medium uppercase tracking-wide text-slate-500";
export const fieldInputClass = "h-full min-w-0 rounded-r bg-transparent px-1 text-xs text-slate-900 placeholder:text-slate-400 focus:outline-none";

/**
 * The popover's last line, "Clear price / share (USD)": drops this filter's parameters from the URL.
 * The label's first letter goes lower case unless it starts an acronym; units and acronyms keep theirs.
 */
export function ClearButton({ onClick, filter }: { onClick: () => void; filter: string }) {
  const label = /^\p{Lu}\p{Ll}/u.test(filter) ? `${filter[0].toLowerCase()}${filter.slice(1)}` : filter;
  return (
    <button
      type="button"
      onClick={onClick}
      className="mt-2 w-full rounded px-2 py-1 text-left text-xs font-medium text-indigo-700 hover:bg-indigo-50"
    >
      Clear {label}
    </button>
  );
}

/**
 * An input that follows the URL's `value` of `param` and applies `clean(text)` (empty: no filter)
 * on Enter or when leaving the field, not on every key.
 */
export function AppliedInput({
  id,
  param,
  value,
  clean,
  className,
  ...input
}: {
  id: string;
  param: string;
  value: string;
  clean: (text: string) => string;
  className: string;
} & Pick<React.InputHTMLAttributes<HTMLInputElement>, "type" | "inputMode" | "placeholder" | "autoFocus">) {
  const { update } = useTableUrl();
  const [text, setText] = useUrlSyncedText(value);
  const apply = () => {
    const next = clean(text);
    if (next !== value) update({ [param]: next === "" ? null : next });
  };
  return (
    <input
      id={id}
      {...input}
      value={text}
      data-testid={`filter-${param}`}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === "Enter") {
          event.preventDefault();
          apply();
        }
      }}
      onBlur={apply}
      className={className}
    />
  );
}
