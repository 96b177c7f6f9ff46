import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { createDb, type WriteGate } from "./client";
import { transaction, type Tx } from "./transaction";
import { insertRows } from "./write-sql";

/**
 * The write gate the drain shuts at its deadline (lib/db/transaction.ts), on a client of this
 * file's own over the test database: no write transaction starts or commits behind it, what was
 * open is rolled back and its connection given back.
 */

const gate: WriteGate = { shut: false };
const db = createDb(process.env.DATABASE_URL, gate);
afterAll(() => db.$disconnect());

const newTeam = async (tx: Tx) => {
  const team = { id: randomUUID(), name: `Gate ${randomUUID()}`, createdAt: new Date() };
  await insertRows(tx, "teams", [team]);
  return team;
};
const exists = async (id: string) => (await db.team.findUnique({ where: { id } })) !== null;

describe("the write gate", () => {
  it("once shut, refuses a transaction before it starts and rolls back one that asks to commit", async () => {
    let id = "";
    const committing = transaction(async ({ tx }) => {
      id = (await newTeam(tx)).id;
      gate.shut = true;
    }, db);
    await expect(committing).rejects.toMatchObject({ name: "WritesShutError" });
    expect(await exists(id)).toBe(false);
    await expect(transaction(({ tx }) => newTeam(tx), db)).rejects.toMatchObject({ name: "WritesShutError" });
    // Reads go on; the connection the refused commit held was given back (SQLite: its lock).
    gate.shut = false;
    const made = await transaction(({ tx }) => newTeam(tx), db);
    expect(await exists(made.id)).toBe(true);
  });
});
