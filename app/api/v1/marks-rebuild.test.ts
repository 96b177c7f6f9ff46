import { createHash } from "node:crypto";
import { expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { rebuildMarks } from "@/lib/marks/rebuild";
import { withAppOnOwnDatabase } from "@/lib/testing/own-database";

/**
 * `npm run marks:rebuild` over marks already stored (lib/marks/bulk.ts empties the table the fast
 * way, writes from a thread of its own on SQLite and by COPY on PostgreSQL, where the key and the
 * foreign key are made again at the end): the same rows as the first rebuild, and the table's
 * constraints hold after it.
 */

const own = withAppOnOwnDatabase();

async function storedMarks(): Promise<{ count: number; digest: string }> {
  const rows = await getDb().mark.findMany({ orderBy: [{ companyId: "asc" }, { date: "asc" }] });
  return { count: rows.length, digest: createHash("sha1").update(JSON.stringify(rows)).digest("hex") };
}

it("a second rebuild stores the same marks, and the key and foreign key hold after it", async () => {
  const now = new Date();
  const first = await rebuildMarks(getDb(), own.database.url, now);
  const before = await storedMarks();
  expect(first.marks).toBeGreaterThan(0);
  expect(before.count).toBe(first.marks);

  const second = await rebuildMarks(getDb(), own.database.url, now);
  expect(second.marks).toBe(first.marks);
  expect(await storedMarks()).toEqual(before);

  const mark = await getDb().mark.findFirstOrThrow();
  await expect(getDb().mark.create({ data: { ...mark } })).rejects.toThrow();
  await expect(getDb().mark.create({ data: { ...mark, companyId: "00000000-0000-4000-8000-000000000000" } })).rejects.toThrow();
}, 120_000);
