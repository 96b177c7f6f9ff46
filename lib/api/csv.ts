import type { Caller } from "../auth/caller";
import { getEngine } from "../db/client";
import type { ApiFields, FieldKind } from "../db/json-sql";
import type { Engine, ListQuery, SnapshotCheck } from "../db/page";
import { listChunks } from "../db/stream";
import { ApiResult } from "./handler";

/**
 * A list as CSV (RFC 4180: CRLF line ends, fields quoted when they hold a comma, quote or line
 * break, UTF-8), streamed: the whole filtered set, read in keyset chunks (lib/db/stream.ts) and
 * written out one chunk at a time, so memory stays flat however many rows there are.
 *
 * The columns are the response schema's fields in its order (the serializer's ApiFields), so the
 * CSV follows the API without a second list: a reference (`issuer`) becomes `issuer.id` and
 * `issuer.name`; a list field its JSON array text; null an empty cell; decimals, timestamps and
 * booleans exactly as the API writes them.
 */

/** Rows per chunk: large enough that statements are few, small enough to keep memory flat. */
export const CSV_CHUNK_ROWS = 5_000;

/** The page window an export's list is built with (its lists take one); listChunks reads past it. */
export const WHOLE_LIST = { page: 1, per_page: CSV_CHUNK_ROWS };

/** What a spreadsheet would read as the start of a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Free text a user typed (text, list and reference names) that a spreadsheet would run as a
 * formula gets a leading apostrophe. Decimals, timestamps and booleans are written by the database
 * from typed columns and never start like that (decimals are non-negative), so they stay exact.
 */
export function neutralise(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

interface CsvColumn<T> {
  name: string;
  cell(item: T): string;
}

function text(value: unknown): string {
  return value === null || value === undefined ? "" : String(value);
}

function columnsOf<T>(fields: ApiFields<T>): CsvColumn<T>[] {
  return Object.entries<FieldKind>(fields as Record<string, FieldKind>).flatMap(([name, kind]): CsvColumn<T>[] => {
    const value = (item: T) => (item as Record<string, unknown>)[name];
    switch (kind) {
      case "ref":
        return [
          { name: `${name}.id`, cell: (item) => text((value(item) as { id: string }).id) },
          { name: `${name}.name`, cell: (item) => neutralise(text((value(item) as { name: string }).name)) },
        ];
      case "list":
        return [{ name, cell: (item) => neutralise(JSON.stringify(value(item))) }];
      case "text":
        return [{ name, cell: (item) => neutralise(text(value(item))) }];
      default:
        return [{ name, cell: (item) => text(value(item)) }];
    }
  });
}

/** The CSV header: the API's field names (`issuer` as `issuer.id`, `issuer.name`). */
export function csvHeader<T>(fields: ApiFields<T>): string[] {
  return columnsOf(fields).map((c) => c.name);
}

/** A field that holds a comma, a quote, CR or LF is quoted, its quotes doubled (RFC 4180). */
const NEEDS_QUOTES = /[",\r\n]/;
const QUOTE = /"/g;

/**
 * One record: its fields joined by commas, ending in CRLF. Hand-written because csv-stringify was
 * the export's bottleneck, for the same output (docs/performance.md, "CSV encoder").
 */
export function csvRecord(cells: readonly string[]): string {
  let line = "";
  for (let i = 0; i < cells.length; i++) {
    const cell = cells[i];
    line += (i === 0 ? "" : ",") + (NEEDS_QUOTES.test(cell) ? `"${cell.replace(QUOTE, '""')}"` : cell);
  }
  return `${line}\r\n`;
}

/** Items as CSV records (no header), each ending in CRLF. */
export function csvRecords<T>(fields: ApiFields<T>, items: readonly T[]): string {
  const columns = columnsOf(fields);
  let text = "";
  for (const item of items) text += csvRecord(columns.map((c) => c.cell(item)));
  return text;
}

/**
 * The list's every row as CSV bytes, the header first. The first chunk is read before this
 * returns (a failing statement or a stale caller is still an error the caller can answer); after
 * that the stream is pulled: the next chunk is read only when the reader has taken the last one,
 * so memory stays flat however slow the client, and cancelling (a client that hangs up) ends the
 * reading.
 */
export async function csvStream<T>(engine: Engine, list: ListQuery<T>, check?: SnapshotCheck, chunkRows = CSV_CHUNK_ROWS): Promise<ReadableStream<Uint8Array>> {
  const chunks = listChunks(engine, list, chunkRows, check);
  const encoder = new TextEncoder();
  const first = await chunks.next();
  let pending: string | null = csvRecord(csvHeader(list.fields)) + (first.done ? "" : csvRecords(list.fields, first.value));
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
        controller.enqueue(encoder.encode(csvRecords(list.fields, next.value)));
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
