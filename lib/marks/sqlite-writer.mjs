// @ts-check
/**
 * The rebuild's SQLite writer (lib/marks/bulk.ts): a thread of its own, so the rebuild computes a
 * batch of marks while this one writes the last (docs/performance.md, "Marks rebuild"). It takes
 * one message at a time, in order, and answers each with `{ id }` once done (or `{ id, error }`).
 */
import { parentPort, workerData } from "node:worker_threads";
import Database from "better-sqlite3";

/** @type {{ file: string, markColumns: string[], stateColumns: string[], dateIndex: string, hasCurrent: string }} */
const { file, markColumns, stateColumns, dateIndex, hasCurrent } = workerData;
const db = new Database(file, { timeout: 5_000 });
const ROWS = 50;

/** @param {string} table @param {string[]} columns @param {number} rows */
const insert = (table, columns, rows) =>
  db.prepare(`INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(",")}) VALUES ${Array.from({ length: rows }, () => `(${columns.map(() => "?").join(",")})`).join(",")}`);
const many = insert("marks", markColumns, ROWS);
const one = insert("marks", markColumns, 1);
const state = insert("mark_states", stateColumns, 1);
const width = markColumns.length;
const current = db.prepare(`UPDATE "companies" SET "mark_price" = @price, "mark_ratio_30d" = @ratio WHERE "id" = @id AND ("mark_price" IS NOT @price OR "mark_ratio_30d" IS NOT @ratio)`);
const clear = db.prepare(`UPDATE "companies" SET "mark_price" = NULL, "mark_ratio_30d" = NULL WHERE ${hasCurrent} AND "id" NOT IN (SELECT "value" FROM json_each(?))`);

const ops = {
  begin() {
    // Without foreign keys SQLite empties a table by dropping its pages (the truncate optimization),
    // not row by row: 82 s for the large set's 7.6 M rows otherwise.
    db.pragma("foreign_keys = OFF");
    db.exec(`DROP INDEX IF EXISTS "marks_date_company_id_idx"; DELETE FROM "marks"; DELETE FROM "mark_states";`);
    db.pragma("foreign_keys = ON");
  },
  /** @param {{ marks: unknown[], states: unknown[][] }} batch the marks' values row after row, and the states' rows */
  write({ marks, states }) {
    db.transaction(() => {
      const step = ROWS * width;
      let i = 0;
      for (; i + step <= marks.length; i += step) many.run(marks.slice(i, i + step));
      for (; i < marks.length; i += width) one.run(marks.slice(i, i + width));
      for (const row of states) state.run(row);
    })();
  },
  /** @param {[string, string | null, string | null][]} rows every company with a mark: its id, mark price and 30-day ratio (lib/marks/current.ts) */
  currents(rows) {
    db.transaction(() => {
      clear.run(JSON.stringify(rows.map((r) => r[0])));
      for (const [id, price, ratio] of rows) current.run({ id, price, ratio });
    })();
  },
  finish() {
    db.exec(dateIndex);
    db.pragma("analysis_limit = 2000");
    db.exec(`ANALYZE "marks"`);
  },
  close() {
    db.close();
  },
};

parentPort?.on("message", (/** @type {{ id: number, op: keyof typeof ops, batch?: any }} */ message) => {
  try {
    ops[message.op](message.batch);
    parentPort?.postMessage({ id: message.id });
  } catch (error) {
    parentPort?.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) });
  }
});
