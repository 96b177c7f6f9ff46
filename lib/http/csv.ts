import "server-only";
import { getEngine } from "../db/client";
import { csvChunks } from "../db/export";
import { exportColumnsOf, type ApiFields } from "../db/json-sql";
import type { Engine } from "../db/engine";
import type { ListQuery } from "../db/list-query";
import { csvRecord } from "../domain/csv";
import { ApiResult } from "./handler";

/**
 * A list as CSV (RFC 4180: CRLF line ends, fields quoted when they hold a comma, quote or line
 * break, UTF-8; free text that a spreadsheet would run as a formula neutralised: lib/domain/csv.ts),
 * streamed: the whole filtered set, its records written by the database in keyset chunks
 * (lib/db/export.ts, lib/db/csv-sql.ts) and sent one chunk at a time, so memory stays flat
 * however many rows there are.
 *
 * The columns are the response schema's fields in its order (the serializer's ApiFields), so the
 * CSV follows the API without a second list: a reference (`issuer`) becomes `issuer.id` and
 * `issuer.name`; a list field its JSON array text; null an empty cell; decimals, timestamps and
 * booleans exactly as the API writes them (with the JSON API's own expressions, lib/db/json-sql.ts).
 */

/** Rows per chunk: large enough that statements are few, small enough to keep memory flat. */
const CSV_CHUNK_ROWS = 5_000;

/** The page window an export's list is built with (its lists take one); the export reads past it. */
export const WHOLE_LIST = { page: 1, per_page: CSV_CHUNK_ROWS };

/** The CSV header: the API's field names (`issuer` as `issuer.id`, `issuer.name`). */
export function csvHeader<T>(fields: ApiFields<T>): string[] {
  return exportColumnsOf(fields).map((c) => c.name);
}

/**
 * The list's every row as CSV bytes, the header first. The first chunk is read before this
 * returns (a failing statement is still an error the caller can answer); after
 * that the stream is pulled: the next chunk is read only when the reader has taken the last one,
 * so memory stays flat however slow the client, and cancelling (a client that hangs up) ends the
 * reading.
 */
export async function csvStream<T>(engine: Engine, list: ListQuery<T>, chunkRows = CSV_CHUNK_ROWS): Promise<ReadableStream<Uint8Array>> {
  return recordStream(csvHeader(list.fields), csvChunks(engine, list, chunkRows));
}

/** Records already written (a list outside the page engine: GET /marks.csv) streamed as csvStream streams a list's. */
export async function recordStream(header: readonly string[], chunks: AsyncGenerator<{ text: string }>): Promise<ReadableStream<Uint8Array>> {
  const encoder = new TextEncoder();
  const first = await chunks.next();
  let pending: string | null = csvRecord(header) + (first.done ? "" : first.value.text);
  const done = first.done === true;
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
          controller.close();
          return;
        }
        controller.enqueue(encoder.encode(next.value.text));
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
export async function csvResponse<T>(list: ListQuery<T>, name: string): Promise<ApiResult> {
  return csvDownload(await csvStream(getEngine(), list), `${name}-${new Date().toISOString().slice(0, 10)}.csv`);
}

/** A streamed CSV body as a download named `filename`. */
export function csvDownload(body: ReadableStream<Uint8Array>, filename: string): ApiResult {
  return new ApiResult(body, 200, {
    "content-type": "text/csv; charset=utf-8; header=present",
    "content-disposition": `attachment; filename="${filename}"`,
    // Sent as written, not gzipped by Next.js on the way out: its compression (level 6) cost the
    // server as much CPU per row as reading and writing the row, and halved the export's rate
    // (docs/performance.md, "CSV exports"). The bytes are 3.2 times gzip's.
    "cache-control": "no-store, no-transform",
  });
}
