"use client";

import type { FilterDef } from "../types";
import { BooleanFilter } from "./boolean";
import { CompanyFilter } from "./company";
import { DateRangeFilter } from "./date-range";
import { DecimalRangeFilter } from "./decimal-range";
import { FacetFilter } from "./facet";
import { SelectFilter } from "./select";
import { TextFilter } from "./text";

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
