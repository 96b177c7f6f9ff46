import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { isDatabaseBusy, withLockWait } from "./busy";
import { createDb, writerOf } from "./client";
import { transaction } from "./transaction";
import { insertRows } from "./write-sql";

/**
 * The writers (lib/db/sqlite-writer.ts, lib/db/pg-writer.ts) against Prisma, on a client of this
 * file's own over the test database: a statement answers the same on either path, values are bound
 * the same, a failed transaction leaves nothing, and (SQLite) the process's transactions take turns.
 */

const sqlite = !process.env.TEST_DATABASE_URL;
const db = createDb(process.env.DATABASE_URL);
afterAll(() => db.$disconnect());
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("a write transaction's connection", () => {
  it("answers a statement as Prisma's raw query does: timestamps as Dates, bigints as bigints, booleans as booleans, the rest as stored", async () => {
    const statements = [
      "SELECT id, is_verified, created_at, updated_at, price_per_share, volume, sign_date, won_date FROM trades ORDER BY id LIMIT 5",
      "SELECT name, version FROM table_versions ORDER BY name",
      "SELECT id, name, created_at FROM teams ORDER BY id",
      ...(sqlite ? [] : ["SELECT count(*) AS n, max(created_at) AS latest FROM trades"]),
    ];
    for (const text of statements) {
      const viaPrisma = await db.$queryRawUnsafe<Record<string, unknown>[]>(text);
      const viaWriter = await transaction(({ tx }) => tx.$queryRawUnsafe<Record<string, unknown>[]>(text), db);
      expect(viaPrisma.length, text).toBeGreaterThan(0);
      expect(viaWriter, text).toEqual(viaPrisma);
    }
  });

  it("binds a Date and a boolean as Prisma's adapter does", async () => {
    const at = new Date("2026-03-04T05:06:07.089Z");
    const id = randomUUID();
    await transaction(({ tx }) => insertRows(tx, "sign_in_failures", [{ id, subject: `account:${id}`, failedAt: at }]), db);
    expect(await db.signInFailure.findUnique({ where: { id } })).toEqual({ id, subject: `account:${id}`, failedAt: at });
    const both = sqlite ? "SELECT ? AS yes, ? AS no" : "SELECT $1::boolean AS yes, $2::boolean AS no";
    const [row] = await transaction(({ tx }) => tx.$queryRawUnsafe<unknown[]>(both, true, false), db);
    expect(row).toEqual(sqlite ? { yes: 1, no: 0 } : { yes: true, no: false });
  });

  it("rolls back a transaction whose work throws, and the next one runs", async () => {
    const id = randomUUID();
    const failing = transaction(async ({ tx }) => {
      await insertRows(tx, "sign_in_failures", [{ id, subject: `account:${id}`, failedAt: new Date() }]);
      throw new Error("no");
    }, db);
    await expect(failing).rejects.toThrow("no");
    expect(await db.signInFailure.findUnique({ where: { id } })).toBeNull();
    expect(await transaction(async () => "next", db)).toBe("next");
  });

  it.skipIf(!sqlite)("(SQLite) runs this process's transactions one at a time, in the order asked; one that waits past its budget fails as busy", async () => {
    const writer = writerOf(db);
    const order: string[] = [];
    let release!: () => void;
    const first = transaction(async () => {
      order.push("first");
      await new Promise<void>((resolve) => (release = resolve));
      order.push("first done");
    }, db);
    const second = transaction(async () => void order.push("second"), db);
    const third = transaction(async () => void order.push("third"), db);
    await pause(50);
    expect(order).toEqual(["first"]);
    const late = withLockWait(() => writer.transaction(async () => order.push("late"), () => {}), 30);
    const error = await late.then(() => null, (e: unknown) => e);
    expect(isDatabaseBusy(error)).toBe(true);
    release();
    await Promise.all([first, second, third]);
    expect(order).toEqual(["first", "first done", "second", "third"]);
  });

  it.skipIf(!sqlite)("(SQLite) answers a refused statement with SQLite's own error and code, and the transaction leaves nothing", async () => {
    const id = randomUUID();
    const failing = transaction(async ({ tx }) => {
      await insertRows(tx, "sign_in_failures", [{ id, subject: `account:${id}`, failedAt: new Date() }]);
      await insertRows(tx, "sign_in_failures", [{ id, subject: `account:${id}`, failedAt: new Date() }]);
    }, db);
    await expect(failing).rejects.toMatchObject({ name: "SqliteError", code: "SQLITE_CONSTRAINT_PRIMARYKEY" });
    expect(await db.signInFailure.findUnique({ where: { id } })).toBeNull();
  });
});
