"use client";

import { useId } from "react";
import { formatDate } from "@/lib/format";
import { useTableUrl } from "../url-state";
import { inputClass, useUrlSyncedText } from "./fields";
import { Range, RangeEnd } from "./range";

/** Plausible calendar date from a date input (keyboard entry passes through years like 0002). */
function isPlausibleDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && Number(value.slice(0, 4)) >= 1900;
}

export function DateRangeFilter({
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
      bounds={chipDates(fromValue, toValue)}
      params={[fromParam, toParam]}
      opening={opening}
      reversed={fromValue !== "" && toValue !== "" && fromValue > toValue}
      from={input("from", fromText, setFromText)}
      to={input("to", toText, setToText)}
    />
  );
}

/**
 * The chip's ends as the table writes dates ("Jan 1, 2026"), the year once when both ends share it:
 * "Jan 1 – Mar 31, 2026".
 */
export function chipDates(from: string, to: string): [string | null, string | null] {
  const [low, high] = [from ? formatDate(from) : null, to ? formatDate(to) : null];
  if (low !== null && high !== null && isPlausibleDate(from) && isPlausibleDate(to) && from.slice(0, 4) === to.slice(0, 4)) return [low.replace(/, \d{4}$/, ""), high];
  return [low, high];
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
