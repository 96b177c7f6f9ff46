"use client";

import { useId, useState } from "react";
import type { CompanyOption } from "../types";
import { useCompanySearch } from "../use-company-search";
import { useTableUrl } from "../url-state";
import { fieldClass, fieldInputClass, fieldLabelClass, useUrlSyncedText } from "./fields";

/**
 * Company by name; the URL holds its id. Suggestions are fetched from the company list API as the
 * user types (a datalist), so the page does not have to ship every company.
 */
export function CompanyFilter({
  param,
  label,
  selected,
  searchUrl,
  opening,
}: {
  param: string;
  label: string;
  selected: CompanyOption | null;
  searchUrl: string;
  opening?: boolean;
}) {
  const { get, update } = useTableUrl();
  const selectedId = get(param);
  const inputId = useId();
  const listId = useId();
  const selectedName = selectedId ? (selected && selected.id === selectedId ? selected.name : selectedId) : "";
  const [text, setText] = useUrlSyncedText(selectedName);
  const [problem, setProblem] = useState<string | null>(null);
  const { suggestions, exact, searchSoon, resolve, cancel } = useCompanySearch(searchUrl, selected);

  function choose(company: CompanyOption) {
    setProblem(null);
    setText(company.name);
    if (company.id !== selectedId) update({ [param]: company.id });
  }

  async function commit(value: string) {
    cancel();
    if (value.trim() === "") {
      setProblem(null);
      if (selectedId) update({ [param]: null });
      return;
    }
    if (selectedId && value === selectedName) return;
    const { match, list } = await resolve(value);
    if (match) choose(match);
    else setProblem(list.length === 0 ? `No company matches “${value.trim()}”.` : `Several companies match “${value.trim()}”: pick one.`);
  }

  return (
    <div className={fieldClass}>
      <label htmlFor={inputId} className={fieldLabelClass}>
        {label}
      </label>
      <input
        id={inputId}
        type="search"
        list={listId}
        value={text}
        placeholder="Any company"
        autoComplete="off"
        autoFocus={opening}
        data-testid={`filter-${param}`}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${inputId}-problem` : undefined}
        onChange={(event) => {
          const value = event.target.value;
          setText(value);
          setProblem(null);
          // Picking an option of the datalist (or typing a suggested name exactly) applies it.
          const match = exact(value);
          if (match) return choose(match);
          if (value.trim() === "") {
            if (selectedId) update({ [param]: null });
            return;
          }
          searchSoon(value);
        }}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            void commit(text);
          }
        }}
        onBlur={() => void commit(text)}
        className={`${fieldInputClass} w-40`}
      />
      <datalist id={listId}>
        {suggestions.map((c) => (
          <option key={c.id} value={c.name} />
        ))}
      </datalist>
      {problem ? (
        <p id={`${inputId}-problem`} role="status" className="absolute left-0 top-full z-10 mt-0.5 w-max max-w-64 rounded bg-white px-1 text-[11px] text-red-700 shadow">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
