import { pageSql, type Engine, type ListQuery, type SnapshotCheck } from "./page";

/**
 * Every row of a list, in the list's order, read a chunk at a time: each chunk is the page
 * statement (pageSql, so the same rows, fields and JSON as the API's pages) starting just after
 * the previous chunk's last row (keyset), so a chunk costs the same at row 1 and at row 1,000,000
 * and no more than one chunk is ever held. The list's own limit and offset are ignored.
 *
 * The chunks are separate statements: a row written while a long export runs may or may not be in
 * it (no snapshot spans the whole set); no row present throughout is skipped or repeated.
 */
export async function* listChunks<T>(engine: Engine, list: ListQuery<T>, chunkSize: number, check?: SnapshotCheck): AsyncGenerator<T[]> {
  const window = { ...list, limit: chunkSize, offset: 0 };
  let start: { value: string; id: string; inclusive: boolean } | undefined;
  let first = true;
  for (;;) {
    // The caller's freshness is confirmed with the first chunk, before any byte is sent.
    const [row] = await engine.run<{ __items: unknown; __c?: unknown }>(pageSql(engine.dialect, window, { withCount: false, start, check: first ? check : undefined }));
    if (first && check) check.observe(String(row.__c));
    first = false;
    const items = JSON.parse(String(row.__items)) as T[];
    if (items.length > 0) yield items;
    if (items.length < chunkSize) return;
    const last = items[items.length - 1] as Record<string, unknown>;
    start = { value: String(last[list.order.column]), id: String(last.id), inclusive: false };
  }
}
