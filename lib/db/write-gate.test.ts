import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "./client";
import type { WriteGate } from "./driver";

/**
 * The write gate the drain shuts at its deadline (lib/db/driver.ts withWriteGate), on a client of
 * this file's own over the test database: nothing starts or commits behind it, what was open is
 * rolled back and its connection given back.
 */

const gate: WriteGate = { shut: false };
const db = createDb(process.env.DATABASE_URL, gate);
afterAll(() => db.$disconnect());

const newTeam = (tx: Pick<typeof db, "team">) => tx.team.create({ data: { id: randomUUID(), name: `Gate ${randomUUID()}`, createdAt: new Date() } });
const exists = async (id: string) => (await db.team.findUnique({ where: { id } })) !== null;

describe("the write gate", () => {
  it("once shut, refuses a transaction before it starts and rolls back one that asks to commit", async () => {
    let id = "";
    const committing = db.$transaction(async (tx) => {
      id = (await newTeam(tx)).id;
      gate.shut = true;
    });
    await expect(committing).rejects.toMatchObject({ name: "WritesShutError" });
    expect(await exists(id)).toBe(false);
    await expect(db.$transaction((tx) => newTeam(tx))).rejects.toMatchObject({ name: "WritesShutError" });
    // Reads go on; the connection the refused commit held was given back (SQLite: its lock).
    gate.shut = false;
    const made = await db.$transaction((tx) => newTeam(tx));
    expect(await exists(made.id)).toBe(true);
  });
});
