import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { SQLITE_SEARCH_OPTIMIZE } from "../../lib/companies/search";
import { sqliteFilePath } from "../../lib/db/url";
import type { Progress } from "./large-progress";
import type { Batch } from "./large-rows";

/** Where the large seed writes: straight to SQLite (better-sqlite3) or PostgreSQL (pg), indexes rebuilt at the end. */

interface Sink {
  begin(): Promise<void>;
  insert(table: string, columns: readonly string[], rows: unknown[][]): Promise<void>;
  stream(table: string, columns: readonly string[], batches: AsyncIterable<Batch>, progress: Progress): Promise<void>;
  finish(): Promise<void>;
  close(): Promise<void>;
}

const BULK_TABLES = ["indications", "trades"];

function migrate(url: string) {
  // The committed migrations, exactly as `npm run db:setup` applies them.
  execFileSync(process.platform === "win32" ? "npx.cmd" : "npx", ["prisma", "migrate", "deploy"], {
    env: { ...process.env, DATABASE_URL: url },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

export async function sqliteSink(url: string): Promise<Sink> {
  const file = sqliteFilePath(url);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  for (const suffix of ["", "-wal", "-shm", "-journal"]) fs.rmSync(file + suffix, { force: true });
  migrate(url);
  const { default: Database } = await import("better-sqlite3");
  const db = new Database(file);
  // Load-time settings only: no journal, no fsync, a big page cache. A crash mid-load leaves a
  // broken file, which the next run deletes anyway.
  db.pragma("journal_mode = OFF");
  db.pragma("synchronous = OFF");
  // 4 GB of page cache: the whole load stays in memory (a 1 GB cache spilled and halved the rate).
  db.pragma("cache_size = -4000000");
  db.pragma("temp_store = MEMORY");
  db.pragma("locking_mode = EXCLUSIVE");
  // Lets CREATE INDEX sort with a helper thread (both cores).
  db.pragma("threads = 2");
  const placeholders = BULK_TABLES.map((t) => `'${t}'`).join(",");
  // Secondary indexes and the change-counter triggers go during the load and come back at the end.
  const indexes = db
    .prepare(`SELECT type, name, sql FROM sqlite_master WHERE type IN ('index', 'trigger') AND sql IS NOT NULL AND tbl_name IN (${placeholders})`)
    .all() as { type: "index" | "trigger"; name: string; sql: string }[];
  for (const index of indexes) db.exec(`DROP ${index.type.toUpperCase()} "${index.name}"`);

  const ROWS_PER_STATEMENT = 50;
  const statementFor = (table: string, columns: readonly string[], rows: number) =>
    db.prepare(
      `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(",")}) VALUES ${Array.from({ length: rows }, () => `(${columns.map(() => "?").join(",")})`).join(",")}`,
    );
  return {
    async begin() {},
    async insert(table, columns, rows) {
      const one = statementFor(table, columns, 1);
      db.transaction(() => rows.forEach((r) => one.run(r)))();
    },
    async stream(table, columns, source, progress) {
      const many = statementFor(table, columns, ROWS_PER_STATEMENT);
      const one = statementFor(table, columns, 1);
      const width = columns.length;
      const chunk = ROWS_PER_STATEMENT * width;
      for await (const { flat, end } of source) {
        // One transaction per batch; the flat array is cut into multi-row statements.
        db.transaction(() => {
          let offset = 0;
          for (; offset + chunk <= flat.length; offset += chunk) many.run(flat.slice(offset, offset + chunk));
          for (; offset < flat.length; offset += width) one.run(flat.slice(offset, offset + width));
        })();
        progress.update(end);
      }
      progress.done();
    },
    async finish() {
      for (const index of indexes) db.exec(index.sql);
      db.exec(`UPDATE table_versions SET version = version + 1`);
      // The triggers that keep the teams' row counts were off during the load.
      db.exec(TEAM_ROW_COUNTS);
      // The companies went into the search index one trigger at a time (lib/companies/search.ts).
      db.exec(SQLITE_SEARCH_OPTIMIZE);
      // Statistics for the query planner (sqlite_stat1), from a sample of each index: exact
      // statistics would read all 2 GB again for the same plans.
      db.pragma("analysis_limit = 2000");
      db.exec("ANALYZE");
    },
    async close() {
      db.close();
    },
  };
}

/**
 * Every team's row count of `team_table_versions` counted afresh (the loader may have bypassed the
 * triggers that keep them), with its version moved on. The same text on both databases.
 */
const TEAM_ROW_COUNTS = (["indications", "trades"] as const)
  .map(
    (table) => `
UPDATE team_table_versions SET row_count = 0, version = version + 1 WHERE table_name = '${table}';
INSERT INTO team_table_versions (table_name, team_id, version, row_count)
  SELECT '${table}', team_id, 1, count(*) FROM ${table} WHERE true GROUP BY team_id
  ON CONFLICT (table_name, team_id) DO UPDATE SET version = team_table_versions.version + 1, row_count = excluded.row_count;`,
  )
  .join("\n");

export async function postgresSink(url: string): Promise<Sink> {
  migrate(url);
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("SET synchronous_commit = off");
  await client.query("SET maintenance_work_mem = '512MB'");
  await client.query(`TRUNCATE "api_keys", "indications", "trades", "users", "companies", "teams" CASCADE`);
  const { rows: indexes } = await client.query<{ indexname: string; indexdef: string }>(
    `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = ANY($1) AND indexname NOT LIKE '%\\_pkey'`,
    [BULK_TABLES],
  );
  for (const index of indexes) await client.query(`DROP INDEX "${index.indexname}"`);
  const types = new Map<string, Map<string, string>>();
  const typeOf = async (table: string) => {
    if (!types.has(table)) {
      const { rows } = await client.query<{ column_name: string; data_type: string }>(
        `SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1`,
        [table],
      );
      types.set(table, new Map(rows.map((r) => [r.column_name, r.data_type])));
    }
    return types.get(table)!;
  };
  // Column-wise arrays, one unnest() INSERT per batch: one round trip for thousands of rows.
  const insertBatch = async (table: string, columns: readonly string[], rows: unknown[][]) => {
    const columnTypes = await typeOf(table);
    const arrays = columns.map(() => [] as unknown[]);
    const convert = columns.map((c) => {
      const type = columnTypes.get(c);
      if (type === "boolean") return (v: unknown) => (v === null ? null : v === 1 || v === true);
      if (type?.startsWith("timestamp")) return (v: unknown) => (v === null ? null : new Date(v as number).toISOString());
      return (v: unknown) => v;
    });
    for (const r of rows) for (let c = 0; c < columns.length; c++) arrays[c].push(convert[c](r[c]));
    const casts = columns.map((c, i) => {
      const type = columnTypes.get(c);
      const pgType = type === "boolean" ? "boolean" : type?.startsWith("timestamp") ? "timestamptz" : "text";
      return `$${i + 1}::${pgType}[]`;
    });
    await client.query(
      `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(",")}) SELECT * FROM unnest(${casts.join(",")})`,
      arrays,
    );
  };
  return {
    async begin() {},
    insert: insertBatch,
    async stream(table, columns, source, progress) {
      // The next batch is generated by the worker while this one is in flight.
      for await (const { flat, end } of source) {
        const rows: unknown[][] = [];
        for (let offset = 0; offset < flat.length; offset += columns.length) rows.push(flat.slice(offset, offset + columns.length));
        await insertBatch(table, columns, rows);
        progress.update(end);
      }
      progress.done();
    },
    async finish() {
      for (const index of indexes) await client.query(index.indexdef);
      await client.query(TEAM_ROW_COUNTS);
      await client.query("VACUUM ANALYZE");
    },
    async close() {
      await client.end();
    },
  };
}
