import "server-only";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { Worker } from "node:worker_threads";
import type { Client as PgClient } from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { databaseKind, sqliteFilePath } from "../db/url";
import type { CurrentMark } from "./current";
import { MARK_COLUMNS } from "./store";

/**
 * Where `npm run marks:rebuild` writes: straight through the driver, as the large seed loads
 * (prisma/seed/large-sinks.ts), not the ORM row by row: multi-row statements on SQLite, a COPY
 * per batch on PostgreSQL. The date index goes during the load and comes back at
 * the end (one sort instead of millions of random inserts). A batch is written while the rebuild
 * computes the next: on SQLite by a thread of its own (lib/marks/sqlite-writer.mjs), on
 * PostgreSQL by the server (docs/performance.md, "Marks rebuild").
 */

export interface MarkSink {
  /** Empties the marks and states. */
  begin(): Promise<void>;
  /** Writes mark rows (MARK_COLUMNS' order) and states, in one transaction. */
  write(marks: unknown[][], states: StateRow[], now: Date): Promise<void>;
  /** Every company's mark columns (lib/marks/current.ts): those of `rows`, the others' emptied, in one transaction. */
  currents(rows: [companyId: string, ...CurrentMark][]): Promise<void>;
  finish(): Promise<void>;
  close(): Promise<void>;
}

export type StateRow = [companyId: string, date: string, state: string];

const DATE_INDEX = `CREATE INDEX IF NOT EXISTS "marks_date_company_id_idx" ON "marks"("date", "company_id")`;
const STATE_COLUMNS = ["company_id", "date", "state", "updated_at"] as const;
// As prisma/postgres/migrations/20261205000000_marks made them. A rebuild that stops between the two runs again from the start.
const PG_CONSTRAINTS_DROP = `ALTER TABLE "marks" DROP CONSTRAINT IF EXISTS "marks_company_id_fkey", DROP CONSTRAINT IF EXISTS "marks_pkey"`;
const PG_CONSTRAINTS_ADD = `ALTER TABLE "marks" ADD CONSTRAINT "marks_pkey" PRIMARY KEY ("company_id", "date"), ADD CONSTRAINT "marks_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE`;
// The mark columns are indexed, so every row written is a new entry in each of the companies'
// indexes: only the rows whose columns change are written (a rebuild after a rebuild writes few).
const HAS_CURRENT = `("mark_price" IS NOT NULL OR "mark_ratio_30d" IS NOT NULL)`;

export function markSink(url: string): Promise<MarkSink> {
  return databaseKind(url) === "sqlite" ? sqliteSink(sqliteFilePath(url)) : postgresSink(url);
}

async function sqliteSink(file: string): Promise<MarkSink> {
  const worker = new Worker(path.join(process.cwd(), "lib", "marks", "sqlite-writer.mjs"), {
    workerData: { file, markColumns: MARK_COLUMNS, stateColumns: STATE_COLUMNS, dateIndex: DATE_INDEX, hasCurrent: HAS_CURRENT },
  });
  const waiting = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  let next = 0;
  const fail = (error: Error) => {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };
  worker.on("message", ({ id, error }: { id: number; error?: string }) => {
    const pending = waiting.get(id);
    waiting.delete(id);
    if (error === undefined) pending?.resolve();
    else pending?.reject(new Error(`marks rebuild (SQLite writer): ${error}`));
  });
  worker.on("error", fail);
  worker.on("exit", (code) => fail(new Error(`marks rebuild: the SQLite writer exited (${code})`)));
  const send = (op: string, batch?: unknown) =>
    new Promise<void>((resolve, reject) => {
      const id = next++;
      waiting.set(id, { resolve, reject });
      worker.postMessage({ id, op, batch });
    });
  return {
    begin: () => send("begin"),
    write: (marks, states, now) => send("write", { marks: marks.flat(), states: states.map((s) => [...s, now.getTime()]) }),
    currents: (rows) => send("currents", rows),
    finish: () => send("finish"),
    async close() {
      await send("close");
      await worker.terminate();
    },
  };
}

/** A value in COPY's text format: `\N` for null; backslash, tab, newline and return escaped. */
function copyText(value: unknown): string {
  if (value === null || value === undefined) return "\\N";
  return String(value).replace(/[\\\t\n\r]/g, (c) => (c === "\\" ? "\\\\" : c === "\t" ? "\\t" : c === "\n" ? "\\n" : "\\r"));
}

/** Rows into `table` by COPY … FROM STDIN (pg-copy-streams): several times an INSERT's rows a second. */
async function copyRows(client: PgClient, table: string, columns: readonly string[], rows: unknown[][]): Promise<void> {
  const text = rows.map((row) => row.map(copyText).join("\t")).join("\n") + "\n";
  await pipeline(Readable.from([text]), client.query(copyFrom(`COPY "${table}" (${columns.map((c) => `"${c}"`).join(",")}) FROM STDIN`)));
}

async function postgresSink(url: string): Promise<MarkSink> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("SET synchronous_commit = off");
  await client.query("SET maintenance_work_mem = '512MB'");
  const unnest = (table: string, columns: readonly string[], types: readonly string[], rows: unknown[][]) =>
    client.query(
      `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(",")}) SELECT * FROM unnest(${types.map((t, i) => `$${i + 1}::${t}[]`).join(",")})`,
      columns.map((_, c) => rows.map((r) => r[c])),
    );
  return {
    async begin() {
      // The key and the foreign key go too (a row-by-row check and insert each): made again at the end, by sorting and one join.
      await client.query(`TRUNCATE "marks", "mark_states"; DROP INDEX IF EXISTS "marks_date_company_id_idx"; ${PG_CONSTRAINTS_DROP}`);
    },
    async write(marks, states, now) {
      const at = now.toISOString().slice(0, -1);
      await client.query("BEGIN");
      await copyRows(client, "marks", MARK_COLUMNS, marks);
      await unnest("mark_states", STATE_COLUMNS, ["text", "text", "text", "timestamp"], states.map((r) => [...r, at]));
      await client.query("COMMIT");
    },
    async currents(rows) {
      await client.query("BEGIN");
      try {
        const ids = rows.map((r) => r[0]);
        await client.query(`UPDATE "companies" SET "mark_price" = NULL, "mark_ratio_30d" = NULL WHERE ${HAS_CURRENT} AND "id" <> ALL ($1::text[])`, [ids]);
        await client.query(
          `UPDATE "companies" c SET "mark_price" = v.p, "mark_ratio_30d" = v.r FROM unnest($1::text[], $2::text[], $3::text[]) AS v(id, p, r)
           WHERE c."id" = v.id AND (c."mark_price" IS DISTINCT FROM v.p OR c."mark_ratio_30d" IS DISTINCT FROM v.r)`,
          [ids, rows.map((r) => r[1]), rows.map((r) => r[2])],
        );
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK");
        throw error;
      }
    },
    async finish() {
      await client.query(PG_CONSTRAINTS_ADD);
      await client.query(DATE_INDEX);
      await client.query(`ANALYZE "marks"`);
    },
    async close() {
      await client.end();
    },
  };
}
