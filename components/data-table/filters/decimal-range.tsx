"use client";

import { useId } from "react";
import { formatUsd, formatUsdBound } from "@/lib/format";
import type { DecimalUnit } from "../types";
import { useTableUrl } from "../url-state";
import { AppliedInput, inputClass } from "./fields";
import { Range, RangeEnd } from "./range";

/**
 * A bound as the chip's badge shows it, as its column writes the values ("≥ $100,000"): a price
 * keeps every digit typed, a percentage its sign as a minus sign ("≥ −5%"). Anything that is not a
 * decimal stays as the link wrote it (the page's alert says why it was refused).
 */
const BOUND_TEXT: Record<DecimalUnit, (value: string) => string> = {
  price: formatUsd,
  amount: formatUsdBound,
  percent: (value) => `${value.replace(/^-/, "\u2212")}%`,
};

/**
 * Min and max amounts; each end applies on Enter or blur, as typed with "$" and thousands commas.
 * A percentage's URL holds fractions ("-0.025") and the inputs percentages ("-2.5", "%" allowed).
 */
export function DecimalRangeFilter({ label, minParam, maxParam, unit, opening }: { label: string; minParam: string; maxParam: string; unit: DecimalUnit; opening?: boolean }) {
  const { get } = useTableUrl();
  const percent = unit === "percent";
  const shown = (value: string) => (percent ? movePoint(value, 2) : value);
  const min = shown(get(minParam) ?? "");
  const max = shown(get(maxParam) ?? "");
  const id = useId();
  const end = (value: string) => (value ? BOUND_TEXT[unit](value) : null);
  const input = (which: "min" | "max", param: string, value: string) => (
    <DecimalInput id={`${id}-${which}`} label={`${label} ${which === "min" ? "minimum" : "maximum"}${percent ? ", percent" : ""}`} param={param} value={value} placeholder={which === "min" ? "Min" : "Max"} percent={percent} />
  );
  return (
    <Range
      label={label}
      legend={percent ? `${label} (%)` : label}
      bounds={[end(min), end(max)]}
      params={[minParam, maxParam]}
      opening={opening}
      reversed={min !== "" && max !== "" && Number(min) > Number(max)}
      from={input("min", minParam, min)}
      to={input("max", maxParam, max)}
    />
  );
}

function DecimalInput({ id, label, param, value, placeholder, percent }: { id: string; label: string; param: string; value: string; placeholder: string; percent: boolean }) {
  return (
    <RangeEnd id={id} label={label}>
      <AppliedInput
        id={id}
        type="text"
        // A percentage may be negative: the text keyboard has the minus sign.
        inputMode={percent ? "text" : "decimal"}
        param={param}
        value={value}
        placeholder={placeholder}
        clean={(text) => {
          const typed = text.trim().replace(/[$,%\s]/g, "").replace(/^\u2212/, "-");
          return percent ? movePoint(typed, -2) : typed;
        }}
        className={`${inputClass} w-28 text-right tabular-nums`}
      />
    </RangeEnd>
  );
}

/**
 * A decimal's point moved `by` places (2: a fraction as a percentage, -2: back), as text, so no
 * float rounds it: "0.025" -> "2.5", "-2.5" -> "-0.025". Anything else is left as typed (the
 * API's 400 then names it).
 */
export function movePoint(value: string, by: number): string {
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(value);
  if (!match || value === "" || value === "-" || (match[2] === "" && !match[3])) return value;
  const [, sign, int, frac = ""] = match;
  const digits = int + frac;
  let point = int.length + by;
  const padded = point < 0 ? "0".repeat(-point) + digits : point > digits.length ? digits + "0".repeat(point - digits.length) : digits;
  if (point < 0) point = 0;
  const whole = padded.slice(0, point).replace(/^0+(?=\d)/, "") || "0";
  const rest = padded.slice(point).replace(/0+$/, "");
  const text = rest ? `${whole}.${rest}` : whole;
  return text === "0" ? "0" : `${sign}${text}`;
}
