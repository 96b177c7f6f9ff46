import type { Caller } from "../auth/caller";
import { getEngine } from "../db/client";
import { exportChunks } from "../db/export";
import { exportColumnsOf, type ApiFields, type ExportColumn } from "../db/json-sql";
import type { Engine, ListQuery, SnapshotCheck } from "../db/page";
import { ApiResult } from "./handler";

/**
 * A list as CSV (RFC 4180: CRLF line ends, fields quoted when they hold a comma, quote or line
 * break, UTF-8), streamed: the whole filtered set, read in keyset chunks of plain columns
 * (lib/db/export.ts) and written out one chunk at a time, so memory stays flat however many rows
 * there are.
 *
 * The columns are the response schema's fields in its order (the serializer's ApiFields), so the
 * CSV follows the API without a second list: a reference (`issuer`) becomes `issuer.id` and
 * `issuer.name`; a list field its JSON array text; null an empty cell; decimals, timestamps and
 * booleans exactly as the API writes them (the database writes them with the JSON API's own
 * expressions, lib/db/json-sql.ts).
 */

/** Rows per chunk: large enough that statements are few, small enough to keep memory flat. */
export const CSV_CHUNK_ROWS = 5_000;

/** The page window an export's list is built with (its lists take one); the export reads past it. */
export const WHOLE_LIST = { page: 1, per_page: CSV_CHUNK_ROWS };

/**
 * Free text a user typed (text, list and reference names) that a spreadsheet would run as a
 * formula (it starts with = + - @ tab or CR: OWASP "CSV injection") gets a leading apostrophe.
 * Decimals, timestamps and booleans are written by the database from typed columns and never
 * start like that (decimals are non-negative), so they stay exact.
 */
export function neutralise(cell: string): string {
  switch (cell.charCodeAt(0)) {
    case 61: // =
    case 43: // +
    case 45: // -
    case 64: // @
    case 9: // tab
    case 13: // CR
      return `'${cell}`;
    default:
      return cell;
  }
}

function text(value: unknown): string {
  return value === null || value === undefined ? "" : String(value);
}

/** A list column's stored JSON text (or, from a driver that parses JSON, its array) as the API's JSON. */
function listText(value: unknown): string {
  if (value === "[]") return value;
  return JSON.stringify(typeof value === "string" ? JSON.parse(value) : (value ?? null));
}

/** How a column's value becomes its cell (before quoting). */
function cellOf(column: ExportColumn): (value: unknown) => string {
  switch (column.kind) {
    case "refName":
    case "text":
      return (value) => neutralise(text(value));
    case "list":
      return (value) => neutralise(listText(value));
    default:
      return text;
  }
}

/** The CSV header: the API's field names (`issuer` as `issuer.id`, `issuer.name`). */
export function csvHeader<T>(fields: ApiFields<T>): string[] {
  return exportColumnsOf(fields).map((c) => c.name);
}

/** A field that holds a comma, a quote, CR or LF is quoted, its quotes doubled (RFC 4180). */
const NEEDS_QUOTES = /[",\r\n]/;
const QUOTE = /"/g;

function field(cell: string): string {
  return NEEDS_QUOTES.test(cell) ? `"${cell.replace(QUOTE, '""')}"` : cell;
}

/**
 * One record: its fields joined by commas, ending in CRLF. Hand-written because csv-stringify was
 * the export's bottleneck, for the same output (docs/performance.md, "CSV encoder").
 */
export function csvRecord(cells: readonly string[]): string {
  let line = "";
  for (let i = 0; i < cells.length; i++) line += (i === 0 ? "" : ",") + field(cells[i]);
  return `${line}\r\n`;
}

/** Rows of an export's column values (lib/db/export.ts) as CSV records, each ending in CRLF. */
export function csvRows<T>(fields: ApiFields<T>): (rows: readonly (readonly unknown[])[]) => string {
  const cells = exportColumnsOf(fields).map(cellOf);
  const last = cells.length - 1;
  return (rows) => {
    let out = "";
    for (const row of rows) {
      let line = "";
      for (let i = 0; i < last; i++) line += `${field(cells[i](row[i]))},`;
      out += `${line}${field(cells[last](row[last]))}\r\n`;
    }
    return out;
  };
}

/**
 * The list's every row as CSV bytes, the header first. The first chunk is read before this
 * returns (a failing statement or a stale caller is still an error the caller can answer); after
 * that the stream is pulled: the next chunk is read only when the reader has taken the last one,
 * so memory stays flat however slow the client, and cancelling (a client that hangs up) ends the
 * reading.
 */
export async function csvStream<T>(engine: Engine, list: ListQuery<T>, check?: SnapshotCheck, chunkRows = CSV_CHUNK_ROWS): Promise<ReadableStream<Uint8Array>> {
  const chunks = exportChunks(engine, list, chunkRows, check);
  const records = csvRows(list.fields);
  const encoder = new TextEncoder();
  const first = await chunks.next();
  let pending: string | null = csvRecord(csvHeader(list.fields)) + (first.done ? "" : records(first.value));
  let done = first.done === true;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (pending !== null) {
          controller.enqueue(encoder.encode(pending));
          pending = null;
          if (done) controller.close();
          return;
        }
        const next = await chunks.next();
        if (next.done) {
          done = true;
          controller.close();
          return;
        }
        controller.enqueue(encoder.encode(records(next.value)));
      },
      async cancel() {
        await chunks.return(undefined);
      },
    },
    // No chunk read ahead: one is read when the one before has been taken.
    { highWaterMark: 0 },
  );
}

/**
 * GET /my/<resource>.csv: the list's every row as a streamed CSV download named `<name>-<date>.csv`
 * (see csvStream).
 */
export async function csvResponse<T>(list: ListQuery<T>, caller: Caller, name: string): Promise<ApiResult> {
  const body = await csvStream(getEngine(), list, caller.freshness);
  const date = new Date().toISOString().slice(0, 10);
  return new ApiResult(body, 200, {
    "content-type": "text/csv; charset=utf-8; header=present",
    "content-disposition": `attachment; filename="${name}-${date}.csv"`,
  });
}
