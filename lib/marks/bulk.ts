import "server-only";
import { databaseKind, sqliteFilePath } from "../db/url";
import type { CurrentMark } from "./current";
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
  /** Every company's mark columns (lib/marks/current.ts): those of `rows`, the others' emptied, in one transaction. */
  currents(rows: [companyId: string, ...CurrentMark][]): Promise<void>;
  finish(): Promise<void>;
  close(): Promise<void>;
}

const DATE_INDEX = `CREATE INDEX IF NOT EXISTS "marks_date_company_id_idx" ON "marks"("date", "company_id")`;
const STATE_COLUMNS = ["company_id", "date", "state", "updated_at"] as const;
// The mark columns are indexed, so every row written is a new entry in each of the companies'
// indexes: only the rows whose columns change are written (a rebuild after a rebuild writes few).
const HAS_CURRENT = `("mark_price" IS NOT NULL OR "mark_ratio_30d" IS NOT NULL)`;

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
  const current = db.prepare(`UPDATE "companies" SET "mark_price" = @price, "mark_ratio_30d" = @ratio WHERE "id" = @id AND ("mark_price" IS NOT @price OR "mark_ratio_30d" IS NOT @ratio)`);
  const clear = db.prepare(`UPDATE "companies" SET "mark_price" = NULL, "mark_ratio_30d" = NULL WHERE ${HAS_CURRENT} AND "id" NOT IN (SELECT "value" FROM json_each(?))`);
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
    async currents(rows) {
      db.transaction(() => {
        clear.run(JSON.stringify(rows.map((r) => r[0])));
        for (const [id, price, ratio] of rows) current.run({ id, price, ratio });
      })();
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
      await client.query(DATE_INDEX);
      await client.query(`ANALYZE "marks"`);
    },
    async close() {
      await client.end();
    },
  };
}
