"use client";

import { useId } from "react";
import { useTableUrl } from "../url-state";
import { AppliedInput, fieldClass, fieldInputClass, fieldLabelClass } from "./fields";

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
