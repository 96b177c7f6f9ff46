"use client";

import { Popover } from "../popover";
import { useTableUrl } from "../url-state";
import { CheckboxList } from "./checkbox-list";
import { ClearButton } from "./fields";

/** A boolean shown as two options: exactly one checked filters, none (or both) does not. */
export function BooleanFilter({
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
      {selected.size > 0 ? <ClearButton filter={label} onClick={() => update({ [param]: null })} /> : null}
    </Popover>
  );
}
