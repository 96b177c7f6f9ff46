"use client";

import { Popover } from "../popover";
import type { Option } from "../types";
import { useTableUrl } from "../url-state";
import { CheckboxList } from "./checkbox-list";
import { ClearButton } from "./fields";

function splitList(value: string | null): string[] {
  return value ? value.split(",").filter(Boolean) : [];
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
      {chosen.length > 0 ? <ClearButton filter={label} onClick={() => update({ [param]: null })} /> : null}
    </Popover>
  );
}
