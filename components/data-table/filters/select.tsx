"use client";

import { useId } from "react";
import type { Option } from "../types";
import { useTableUrl } from "../url-state";
import { fieldClass, fieldInputClass, fieldLabelClass } from "./fields";

/** A single choice in a native select; the default value is left out of the URL. */
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
