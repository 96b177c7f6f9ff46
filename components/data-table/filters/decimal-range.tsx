"use client";

import { useId } from "react";
import { useTableUrl } from "../url-state";
import { AppliedInput, inputClass } from "./fields";
import { Range, RangeEnd } from "./range";

/** Min and max amounts; each end applies on Enter or blur, as typed with "$" and thousands commas. */
export function DecimalRangeFilter({ label, minParam, maxParam, opening }: { label: string; minParam: string; maxParam: string; opening?: boolean }) {
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
