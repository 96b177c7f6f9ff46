import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromStoredDecimal, toStoredDecimal } from "@/lib/domain/decimal";
import type { Issuer } from "@/lib/domain/issuer";
import { createTestDatabase, type TestDatabase } from "@/lib/testing/database";
import { createDb, engineOf, type Db } from "./client";
import { dialectOf } from "./dialect";
import { jsonObjectSql, type ApiFields } from "./json-sql";
import { booleanSql, compiled } from "./sql";

/**
 * The database writes the API's list items (lib/db/json-sql.ts); here each kind of field is checked
 * against the JavaScript it replaced (Date#toISOString, fromStoredDecimal, JSON), on whichever
 * database the suite runs on, over edge values and a few hundred random ones.
 */

interface Probe {
  created_at: string;
  price: string;
  fee: string | null;
  flag: boolean;
  tags: string[];
  issuer: Issuer;
}

const FIELDS: ApiFields<Probe> = { created_at: "timestamp", price: "decimal", fee: "decimal", flag: "boolean", tags: "list", issuer: "ref" };

let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase(process.env.TEST_DATABASE_URL);
  db = createDb(database.url);
});

afterAll(async () => {
  await db?.$disconnect();
  await database?.drop();
});

async function probe(values: { at: Date; price: string; fee: string | null; flag: boolean; tags: string }): Promise<Probe> {
  const dialect = dialectOf(database.kind);
  // Typed as the real columns are (PostgreSQL cannot guess a parameter's type in a SELECT list).
  const text = (value: string | null) => sql`CAST(${value} AS TEXT)`;
  const row = sql`SELECT ${dialect.timestampSql(dialect.timestampParam(values.at))} AS created_at, ${text(values.price)} AS price, ${text(values.fee)} AS fee, ${sql`CAST(${booleanSql(dialect, values.flag)} AS BOOLEAN)`} AS flag, ${text(values.tags)} AS tags`;
  const issuer = sql`SELECT ${text("c-1")} AS id, ${text('Acme "Robotics"')} AS name`;
  const statement = sql`SELECT ${jsonObjectSql(dialect, FIELDS)} AS item FROM (${row}) t CROSS JOIN (${issuer}) issuer`;
  const [result] = await engineOf(db).run<{ item: string }>(compiled(dialect, statement));
  return JSON.parse(result.item) as Probe;
}

function randomDecimal(): string {
  const int = String(Math.floor(Math.random() * 10 ** Math.floor(Math.random() * 15)));
  const fraction = String(Math.floor(Math.random() * 10 ** 8)).padStart(8, "0").slice(0, Math.floor(Math.random() * 9));
  return fraction ? `${int}.${fraction}` : int;
}

describe("list items written by the database", () => {
  it("writes every field as the API's JavaScript did, in declaration order", async () => {
    const at = new Date(Date.UTC(2026, 10, 26, 9, 5, 7, 42));
    const item = await probe({ at, price: toStoredDecimal("1200.50"), fee: null, flag: true, tags: JSON.stringify(["a", 'b"c']) });
    expect(Object.keys(item)).toEqual(Object.keys(FIELDS));
    expect(item).toEqual({
      created_at: "2026-11-26T09:05:07.042Z",
      price: "1200.5",
      fee: null,
      flag: true,
      tags: ["a", 'b"c'],
      issuer: { id: "c-1", name: 'Acme "Robotics"' },
    });
    expect((await probe({ at, price: toStoredDecimal("0"), fee: toStoredDecimal("0.1"), flag: false, tags: "[]" })).flag).toBe(false);
  });

  it("formats decimals exactly like fromStoredDecimal, edge values and random ones", async () => {
    const edges = ["0", "0.00000001", "1", "10", "100.0", "100.10000000", "999999999999999999.99999999", "000123.4500"];
    const random = Array.from({ length: 150 }, randomDecimal);
    for (const value of [...edges, ...random]) {
      const stored = toStoredDecimal(value);
      const item = await probe({ at: new Date(0), price: stored, fee: stored, flag: false, tags: "[]" });
      expect(item.price, value).toBe(fromStoredDecimal(stored));
      expect(item.fee, value).toBe(fromStoredDecimal(stored));
    }
  });

  it("formats timestamps exactly like Date#toISOString, to the millisecond", async () => {
    const edges = [0, 1, 999, 1000, 59_999, Date.UTC(2000, 1, 29, 23, 59, 59, 999), Date.UTC(2099, 11, 31, 23, 59, 59, 1)];
    const random = Array.from({ length: 150 }, () => Math.floor(Math.random() * Date.UTC(2100, 0, 1)));
    for (const ms of [...edges, ...random]) {
      const at = new Date(ms);
      expect((await probe({ at, price: toStoredDecimal("1"), fee: null, flag: false, tags: "[]" })).created_at).toBe(at.toISOString());
    }
  });
});
