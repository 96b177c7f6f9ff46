import "server-only";
import { databaseKind, sqliteFilePath } from "../db/url";
import { MARK_COLUMNS } from "./store";

/**
 * Where `npm run marks:rebuild` writes: straight through the driver, as the large seed loads
 * (prisma/seed/large-sinks.ts), not the ORM row by row: multi-row statements on SQLite, one
 * unnest() INSERT per batch on PostgreSQL. The date index goes during the load and comes back at
 * the end (one sort instead of millions of random inserts).
 */

export interface MarkSink {
  /** Empties the marks and states. */
  begin(): Promise<void>;
  marks(rows: unknown[][]): Promise<void>;
  states(rows: [companyId: string, date: string, state: string][], now: Date): Promise<void>;
  finish(): Promise<void>;
  close(): Promise<void>;
}

const DATE_INDEX = `CREATE INDEX IF NOT EXISTS "marks_date_company_id_idx" ON "marks"("date", "company_id")`;
const STATE_COLUMNS = ["company_id", "date", "state", "updated_at"] as const;

export function markSink(url: string): Promise<MarkSink> {
  return databaseKind(url) === "sqlite" ? sqliteSink(sqliteFilePath(url)) : postgresSink(url);
}

async function sqliteSink(file: string): Promise<MarkSink> {
  const { default: Database } = await import("better-sqlite3");
  const db = new Database(file, { timeout: 5_000 });
  const ROWS = 50;
  const insert = (table: string, columns: readonly string[], rows: number) =>
    db.prepare(`INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(",")}) VALUES ${Array.from({ length: rows }, () => `(${columns.map(() => "?").join(",")})`).join(",")}`);
  const many = insert("marks", MARK_COLUMNS, ROWS);
  const one = insert("marks", MARK_COLUMNS, 1);
  const state = insert("mark_states", STATE_COLUMNS, 1);
  return {
    async begin() {
      db.exec(`DELETE FROM "marks"; DELETE FROM "mark_states"; DROP INDEX IF EXISTS "marks_date_company_id_idx";`);
    },
    async marks(rows) {
      db.transaction(() => {
        let i = 0;
        for (; i + ROWS <= rows.length; i += ROWS) many.run(rows.slice(i, i + ROWS).flat());
        for (; i < rows.length; i++) one.run(rows[i]);
      })();
    },
    async states(rows, now) {
      db.transaction(() => rows.forEach((r) => state.run([...r, now.getTime()])))();
    },
    async finish() {
      db.exec(DATE_INDEX);
      db.pragma("analysis_limit = 2000");
      db.exec(`ANALYZE "marks"`);
    },
    async close() {
      db.close();
    },
  };
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
      await client.query(`TRUNCATE "marks", "mark_states"; DROP INDEX IF EXISTS "marks_date_company_id_idx"`);
    },
    async marks(rows) {
      await unnest("marks", MARK_COLUMNS, ["text", "text", "text", "text", "text", "text", "int", "int", "float8"], rows);
    },
    async states(rows, now) {
      const at = now.toISOString().slice(0, -1);
      await unnest("mark_states", STATE_COLUMNS, ["text", "text", "text", "timestamp"], rows.map((r) => [...r, at]));
    },
    async finish() {
      await client.query(DATE_INDEX);
      await client.query(`ANALYZE "marks"`);
    },
    async close() {
      await client.end();
    },
  };
}
