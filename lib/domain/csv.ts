/**
 * The CSV rules of the exports (RFC 4180, UTF-8, formula neutralising), in one place: the
 * JavaScript writer below (the header, the tests) and the SQL that writes the records in the
 * database (lib/db/csv-sql.ts) are both built from these constants.
 */

/** What a spreadsheet would read as the start of a formula (OWASP "CSV injection"): = + - @ tab CR. */
export const FORMULA_START = ["=", "+", "-", "@", "\t", "\r"] as const;

/** A field holding one of these is quoted, its quotes doubled (RFC 4180). */
export const NEEDS_QUOTES = ['"', ",", "\r", "\n"] as const;

/** The end of every record. */
export const RECORD_END = "\r\n";

const NEEDS_QUOTES_PATTERN = /[",\r\n]/;
const QUOTE = /"/g;

/** A field as written in a record: quoted when it holds a comma, a quote, CR or LF. */
export function csvField(cell: string): string {
  return NEEDS_QUOTES_PATTERN.test(cell) ? `"${cell.replace(QUOTE, '""')}"` : cell;
}

/** Free text as a cell: with a leading apostrophe when a spreadsheet would run it as a formula (as lib/db/csv-sql.ts writes it). */
export function textCell(text: string): string {
  return FORMULA_START.some((start) => text.startsWith(start)) ? `'${text}` : text;
}

/**
 * One record: its fields joined by commas, ending in CRLF. Hand-written because csv-stringify was
 * the export's bottleneck, for the same output (docs/performance.md, "CSV encoder").
 */
export function csvRecord(cells: readonly string[]): string {
  let line = "";
  for (let i = 0; i < cells.length; i++) line += (i === 0 ? "" : ",") + csvField(cells[i]);
  return line + RECORD_END;
}

/** JSON text a list is stored as that JSON.parse then JSON.stringify give back unchanged (ASCII strings, no escapes). */
const CANONICAL_LIST = /^\[(?:"[^"\\\u0000-\u001f\u007f-\uffff]*"(?:,"[^"\\\u0000-\u001f\u007f-\uffff]*")*)?\]$/;

/**
 * A list's cell: its JSON array text as the API writes it (JSON.stringify of the array), from the
 * stored JSON text (or, from a driver that parses JSON, the array). Never a formula: it starts
 * with `[` (or is `null`).
 */
export function listCell(value: unknown): string {
  if (typeof value === "string" && CANONICAL_LIST.test(value)) return value;
  return JSON.stringify(typeof value === "string" ? JSON.parse(value) : (value ?? null));
}
