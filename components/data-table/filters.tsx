"use client";

import { useEffect, useId, useRef, useState } from "react";
import { formatCount } from "@/lib/format";
import { Popover } from "./popover";
import type { CompanyOption, FilterDef, Option } from "./types";
import { useTableUrl } from "./url-state";

/**
 * Local text of an input that follows the URL: it changes when the URL value changes (back button,
 * reset), but typing does not touch the URL until the filter is applied, and the input keeps focus.
 */
function useUrlSyncedText(urlValue: string): [string, (value: string) => void] {
  const [text, setText] = useState(urlValue);
  const [seen, setSeen] = useState(urlValue);
  if (seen !== urlValue) {
    setSeen(urlValue);
    setText(urlValue);
  }
  return [text, setText];
}

const inputClass =
  "h-8 rounded border border-slate-300 bg-white px-2 text-xs text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-indigo-500";
const labelClass = "block text-[11px] font-medium uppercase tracking-wide text-slate-500";
/** A toolbar control with its label inside its border: every item of the bar is one height (h-8). */
const fieldClass = "relative flex h-8 items-center rounded border border-slate-300 bg-white shadow-sm focus-within:border-indigo-500";
const fieldLabelClass = "whitespace-nowrap pl-2 pr-1 text-[11px] font-medium uppercase tracking-wide text-slate-500";
const fieldInputClass = "h-full min-w-0 rounded-r bg-transparent px-1 text-xs text-slate-900 placeholder:text-slate-400 focus:outline-none";

/** One filter of the bar; `opening`: just added by "+ Filter", so it opens (or takes the focus) at once. */
export function Filter({ filter, opening = false }: { filter: FilterDef; opening?: boolean }) {
  switch (filter.kind) {
    case "facet":
      return <FacetFilter {...filter} opening={opening} />;
    case "boolean":
      return <BooleanFilter {...filter} opening={opening} />;
    case "select":
      return <SelectFilter {...filter} opening={opening} />;
    case "company":
      return <CompanyFilter {...filter} opening={opening} />;
    case "dateRange":
      return <DateRangeFilter {...filter} opening={opening} />;
    case "text":
      return <TextFilter {...filter} opening={opening} />;
    case "decimalRange":
      return <DecimalRangeFilter {...filter} opening={opening} />;
  }
}

function splitList(value: string | null): string[] {
  return value ? value.split(",").filter(Boolean) : [];
}

function CheckboxList({
  legend,
  options,
  selected,
  onToggle,
  testIdPrefix,
  counts,
}: {
  legend: string;
  options: Option[];
  selected: ReadonlySet<string>;
  onToggle: (value: string, checked: boolean) => void;
  testIdPrefix: string;
  /** Rows each value gives under the other filters (faceted counts), when known. */
  counts?: Record<string, number>;
}) {
  const id = useId();
  return (
    <fieldset>
      <legend className="mb-1 px-1 text-[11px] font-semibold uppercase tracking-wide text-slate-500">{legend}</legend>
      <ul className="space-y-0.5">
        {options.map((option) => (
          <li key={option.value}>
            <label
              htmlFor={`${id}-${option.value}`}
              className="flex cursor-pointer items-center gap-2 whitespace-nowrap rounded px-1 py-1 text-xs text-slate-800 hover:bg-slate-50"
            >
              <input
                id={`${id}-${option.value}`}
                type="checkbox"
                value={option.value}
                checked={selected.has(option.value)}
                onChange={(event) => onToggle(option.value, event.target.checked)}
                data-testid={`${testIdPrefix}-${option.value}`}
                className="h-3.5 w-3.5 rounded border-slate-300 accent-indigo-600"
              />
              {option.label}
              {counts ? (
                <span className="ml-auto pl-3 tabular-nums text-slate-600" data-testid={`${testIdPrefix}-${option.value}-count`}>
                  {formatCount(counts[option.value] ?? 0)}
                </span>
              ) : null}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

function ClearButton({ onClick, label }: { onClick: () => void; label: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="mt-2 w-full rounded px-2 py-1 text-left text-xs font-medium text-indigo-700 hover:bg-indigo-50"
    >
      {label}
    </button>
  );
}

/** Multi-select of enum values; the URL holds them comma-separated, in the options' order. */
export function FacetFilter({
  param,
  label,
  options,
  counts,
  nullable = false,
  opening,
}: {
  param: string;
  label: string;
  options: Option[];
  counts?: Record<string, number>;
  nullable?: boolean;
  opening?: boolean;
}) {
  const { get, update } = useTableUrl();
  const selected = new Set(splitList(get(param)));
  const chosen = options.filter((o) => selected.has(o.value));
  // Every value picked selects what none does (no "Side 2" badge that filters nothing), unless
  // some rows have no value at all: then it still leaves those out.
  const all = chosen.length === options.length && !nullable;
  function toggle(value: string, checked: boolean) {
    const next = new Set(selected);
    if (checked) next.add(value);
    else next.delete(value);
    const list = options.map((o) => o.value).filter((v) => next.has(v));
    update({ [param]: list.length > 0 && (nullable || list.length < options.length) ? list.join(",") : null });
  }
  return (
    <Popover
      label={label}
      active={chosen.length > 0 && !all}
      badge={chosen.length === 0 || all ? undefined : chosen.length === 1 ? chosen[0].label : String(chosen.length)}
      testId={`filter-${param}`}
      opening={opening}
    >
      <CheckboxList legend={label} options={options} selected={selected} onToggle={toggle} testIdPrefix={`filter-${param}`} counts={counts} />
      {chosen.length > 0 ? <ClearButton label={`Clear ${label.toLowerCase()}`} onClick={() => update({ [param]: null })} /> : null}
    </Popover>
  );
}

/** A boolean shown as two options: exactly one checked filters, none (or both) does not. */
function BooleanFilter({
  param,
  label,
  trueLabel,
  falseLabel,
  counts,
  opening,
}: {
  param: string;
  label: string;
  trueLabel: string;
  falseLabel: string;
  counts?: Record<string, number>;
  opening?: boolean;
}) {
  const { get, update } = useTableUrl();
  const value = get(param);
  const selected = new Set(value === "true" || value === "false" ? [value] : []);
  const options = [
    { value: "true", label: trueLabel },
    { value: "false", label: falseLabel },
  ];
  function toggle(option: string, checked: boolean) {
    const next = new Set(selected);
    if (checked) next.add(option);
    else next.delete(option);
    update({ [param]: next.size === 1 ? [...next][0] : null });
  }
  return (
    <Popover
      label={label}
      active={selected.size > 0}
      badge={value === "true" ? trueLabel : value === "false" ? falseLabel : undefined}
      testId={`filter-${param}`}
      opening={opening}
    >
      <CheckboxList legend={label} options={options} selected={selected} onToggle={toggle} testIdPrefix={`filter-${param}`} counts={counts} />
      {selected.size > 0 ? <ClearButton label={`Clear ${label.toLowerCase()}`} onClick={() => update({ [param]: null })} /> : null}
    </Popover>
  );
}

export function SelectFilter({
  param,
  label,
  options,
  defaultValue,
  clears = [],
  opening,
}: {
  param: string;
  label: string;
  options: Option[];
  defaultValue: string;
  clears?: string[];
  opening?: boolean;
}) {
  const { get, update } = useTableUrl();
  const id = useId();
  const value = get(param) ?? defaultValue;
  return (
    <div className={fieldClass}>
      <label htmlFor={id} className={fieldLabelClass}>
        {label}
      </label>
      <select
        id={id}
        value={value}
        autoFocus={opening}
        data-testid={`filter-${param}`}
        onChange={(event) =>
          update({
            ...Object.fromEntries(clears.map((p) => [p, null])),
            [param]: event.target.value === defaultValue ? null : event.target.value,
          })
        }
        // flex-1: stretched in the phone's filter sheet, the select fills its field (its arrow at the end).
        className={`${fieldInputClass} flex-1 pr-6`}
      >
        {options.some((o) => o.value === value) ? null : <option value={value}>{value}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

const SUGGESTION_LIMIT = 20;

/**
 * Company by name; the URL holds its id. Suggestions are fetched from the company list API as the
 * user types (a datalist), so the page does not have to ship every company.
 */
function CompanyFilter({
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
  const [suggestions, setSuggestions] = useState<CompanyOption[]>(selected ? [selected] : []);
  const [problem, setProblem] = useState<string | null>(null);
  const pending = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      pending.current?.abort();
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  async function fetchSuggestions(query: string): Promise<CompanyOption[]> {
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    const url = `${searchUrl}?${new URLSearchParams({ q: query, per_page: String(SUGGESTION_LIMIT) })}`;
    try {
      const response = await fetch(url, { signal: controller.signal, headers: { accept: "application/json" } });
      if (!response.ok) return [];
      const body = (await response.json()) as { companies?: CompanyOption[] };
      const list = Array.isArray(body.companies) ? body.companies : [];
      setSuggestions(list);
      return list;
    } catch {
      return [];
    }
  }

  function exact(list: CompanyOption[], value: string): CompanyOption | undefined {
    const needle = value.trim().toLowerCase();
    return list.find((c) => c.name.toLowerCase() === needle);
  }

  function choose(company: CompanyOption) {
    setProblem(null);
    setText(company.name);
    if (company.id !== selectedId) update({ [param]: company.id });
  }

  async function commit(value: string) {
    if (timer.current) clearTimeout(timer.current);
    if (value.trim() === "") {
      setProblem(null);
      if (selectedId) update({ [param]: null });
      return;
    }
    if (selectedId && value === selectedName) return;
    const list = exact(suggestions, value) ? suggestions : await fetchSuggestions(value.trim());
    const match = exact(list, value) ?? (list.length === 1 ? list[0] : undefined);
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
          const match = exact(suggestions, value);
          if (match) return choose(match);
          if (value.trim() === "") {
            if (selectedId) update({ [param]: null });
            return;
          }
          if (timer.current) clearTimeout(timer.current);
          timer.current = setTimeout(() => void fetchSuggestions(value.trim()), 200);
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

/** Plausible calendar date from a date input (keyboard entry passes through years like 0002). */
function isPlausibleDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && Number(value.slice(0, 4)) >= 1900;
}

function DateRangeFilter({
  label,
  fromParam,
  toParam,
  utc = false,
  opening,
}: {
  label: string;
  fromParam: string;
  toParam: string;
  utc?: boolean;
  opening?: boolean;
}) {
  const { get, update } = useTableUrl();
  const id = useId();
  const fromValue = get(fromParam) ?? "";
  const toValue = get(toParam) ?? "";
  const [fromText, setFromText] = useUrlSyncedText(fromValue);
  const [toText, setToText] = useUrlSyncedText(toValue);

  function apply(which: "from" | "to", value: string) {
    const param = which === "from" ? fromParam : toParam;
    if (value === "") return update({ [param]: null });
    if (!isPlausibleDate(value)) return;
    if (value !== get(param)) update({ [param]: value });
  }

  const input = (which: "from" | "to", text: string, setText: (value: string) => void) => (
    <DateInput
      id={`${id}-${which}`}
      label={`${label} ${which}`}
      param={which === "from" ? fromParam : toParam}
      value={text}
      onChange={(value) => {
        setText(value);
        apply(which, value);
      }}
    />
  );

  return (
    <Range
      label={label}
      legend={
        <>
          {label}
          {utc ? <span className="normal-case tracking-normal"> (UTC)</span> : null}
        </>
      }
      bounds={[fromValue || null, toValue || null]}
      params={[fromParam, toParam]}
      opening={opening}
      from={input("from", fromText, setFromText)}
      to={input("to", toText, setToText)}
    />
  );
}

/**
 * A range filter as a chip of the bar ("Signed ▾", its bounds as the badge) that opens the two ends
 * under one legend: "Signed [from] – [to]".
 */
function Range({
  label,
  legend,
  bounds,
  params,
  opening,
  from,
  to,
}: {
  label: string;
  legend: React.ReactNode;
  /** The URL's values of the two ends (null: open). */
  bounds: [string | null, string | null];
  params: [string, string];
  opening?: boolean;
  from: React.ReactNode;
  to: React.ReactNode;
}) {
  const { update } = useTableUrl();
  const [low, high] = bounds;
  const badge = low !== null && high !== null ? `${low} – ${high}` : low !== null ? `≥ ${low}` : high !== null ? `≤ ${high}` : undefined;
  return (
    <Popover label={label} active={badge !== undefined} badge={badge} testId={`range-${params[0]}`} opening={opening}>
      <fieldset className="space-y-1">
        <legend className={labelClass}>{legend}</legend>
        <div className="flex items-center gap-1">
          {from}
          <span aria-hidden="true" className="text-slate-400">
            –
          </span>
          {to}
        </div>
      </fieldset>
      {badge !== undefined ? <ClearButton label={`Clear ${label.toLowerCase()}`} onClick={() => update({ [params[0]]: null, [params[1]]: null })} /> : null}
    </Popover>
  );
}

/** One end of a Range: its input, named for screen readers (the legend names the pair on screen). */
function RangeEnd({ id, label, children }: { id: string; label: string; children: React.ReactNode }) {
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      {children}
    </>
  );
}

function DateInput({ id, label, param, value, onChange }: { id: string; label: string; param: string; value: string; onChange: (value: string) => void }) {
  return (
    <RangeEnd id={id} label={label}>
      <input
        id={id}
        type="date"
        value={value}
        data-testid={`filter-${param}`}
        onChange={(event) => onChange(event.target.value)}
        className={`${inputClass} w-34`}
      />
    </RangeEnd>
  );
}

/** Free text applied on Enter or when leaving the field. */
export function TextFilter({ param, label, placeholder, opening }: { param: string; label: string; placeholder?: string; opening?: boolean }) {
  const { get } = useTableUrl();
  const id = useId();
  return (
    <div className={fieldClass}>
      <label htmlFor={id} className={fieldLabelClass}>
        {label}
      </label>
      <AppliedInput id={id} type="search" param={param} value={get(param) ?? ""} placeholder={placeholder} autoFocus={opening} clean={(text) => text.trim()} className={`${fieldInputClass} w-48`} />
    </div>
  );
}

/**
 * An input that follows the URL's `value` of `param` and applies `clean(text)` (empty: no filter)
 * on Enter or when leaving the field, not on every key.
 */
function AppliedInput({
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

function DecimalRangeFilter({ label, minParam, maxParam, opening }: { label: string; minParam: string; maxParam: string; opening?: boolean }) {
  const { get } = useTableUrl();
  const min = get(minParam) ?? "";
  const max = get(maxParam) ?? "";
  const id = useId();
  return (
    <Range
      label={label}
      legend={label}
      bounds={[min || null, max || null]}
      params={[minParam, maxParam]}
      opening={opening}
      from={<DecimalInput id={`${id}-min`} label={`${label} minimum`} param={minParam} value={min} placeholder="Min" />}
      to={<DecimalInput id={`${id}-max`} label={`${label} maximum`} param={maxParam} value={max} placeholder="Max" />}
    />
  );
}

function DecimalInput({ id, label, param, value, placeholder }: { id: string; label: string; param: string; value: string; placeholder: string }) {
  return (
    <RangeEnd id={id} label={label}>
      <AppliedInput
        id={id}
        type="text"
        inputMode="decimal"
        param={param}
        value={value}
        placeholder={placeholder}
        clean={(text) => text.trim().replace(/[$,\s]/g, "")}
        className={`${inputClass} w-28 text-right tabular-nums`}
      />
    </RangeEnd>
  );
}
