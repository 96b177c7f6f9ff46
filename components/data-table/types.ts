import type { RowData } from "@tanstack/react-table";

/** Column metadata the kit understands (set as `meta` on a TanStack column definition). */
declare module "@tanstack/react-table" {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** The API sort field this column sorts by (`sort=<field>` / `-<field>`); absent: not sortable. */
    sortField?: string;
    /** Numbers and money align right. */
    align?: "left" | "right";
    /** Name in the column toggle (defaults to the header text). */
    label?: string;
    /** False for columns that must stay visible (e.g. the company). Default true. */
    hideable?: boolean;
    /** Extra classes for the cells of this column. */
    className?: string;
    /** Stays in view when the table scrolls sideways (the company column). */
    pinned?: boolean;
    /** Shown on the phone card of a row (< 640 px), in column order. */
    card?: boolean;
    /** Shown at the foot of the phone card: the row's selection box and its actions (Details, Edit, Verify…). */
    cardFooter?: boolean;
  }
}

export interface Option {
  value: string;
  label: string;
}

export interface CompanyOption {
  id: string;
  name: string;
}

/** How a decimal range's bounds read: a price, an amount (whole dollars), a percentage. */
export type DecimalUnit = "price" | "amount" | "percent";

/**
 * The filters a table offers; all of them live in the URL under the API's parameter names.
 * `primary`: always a chip of the bar; the others wait behind "+ Filter" until set or added.
 */
export type FilterDef = (
  /**
   * Multi-select of enum values: `param=a,b`; `counts`: rows per value under the other filters.
   * Every value picked is no filter, unless `nullable` (rows without a value, which it leaves out).
   */
  | { kind: "facet"; param: string; label: string; options: Option[]; counts?: Record<string, number>; nullable?: boolean }
  /** A boolean as a two-option multi-select: one checked -> `param=true|false`, none/both -> absent. */
  | { kind: "boolean"; param: string; label: string; trueLabel: string; falseLabel: string; counts?: Record<string, number> }
  /**
   * A single choice; `defaultValue` is what an absent parameter means (it is then omitted).
   * `clears`: parameters that no longer apply when this one changes (a region of another country).
   */
  | { kind: "select"; param: string; label: string; options: Option[]; defaultValue: string; clears?: string[] }
  /**
   * Company by name, stored as its id. Suggestions come from `searchUrl` (GET ...?q=<text>, the
   * API's company list, which answers `{ companies: [{id, name}] }`) as the user types;
   * `selected` is the current company, resolved by the server page.
   */
  | { kind: "company"; param: string; label: string; selected: CompanyOption | null; searchUrl: string }
  /**
   * Two date inputs, whole days, both ends included (the API's `<field>_from` / `_to`). `utc`: the
   * column is a timestamp, whose days the API takes as UTC days; the legend says so.
   */
  | { kind: "dateRange"; label: string; fromParam: string; toParam: string; utc?: boolean }
  /** Free text, applied on Enter or blur. */
  | { kind: "text"; param: string; label: string; placeholder?: string }
  /**
   * Two decimal inputs (min/max), applied on Enter or blur. `unit`: how the chip writes the bounds,
   * as the column writes its values (a price in dollars and cents, an amount in whole dollars); with
   * `"percent"` the parameters are fractions (0.05) that the inputs show and take as percentages
   * ("5", "-2.5 %"), signed.
   */
  | { kind: "decimalRange"; label: string; minParam: string; maxParam: string; unit: DecimalUnit }
) & { primary?: boolean };

export function paramsOfFilter(filter: FilterDef): string[] {
  switch (filter.kind) {
    case "dateRange":
      return [filter.fromParam, filter.toParam];
    case "decimalRange":
      return [filter.minParam, filter.maxParam];
    default:
      return [filter.param];
  }
}

export interface PageInfo {
  page: number;
  per_page: number;
  total_pages: number;
  total_count: number;
}
