import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { columnOf } from "./write-sql";

/** The tables whose rows insertRows and updateById write from a model's camelCase fields. */
const WRITTEN = ["indications", "trades", "deals", "audit_events", "notifications", "match_pairs", "sign_in_failures", "webhook_endpoints", "webhook_deliveries", "index_values", "index_members"];
const SCALARS = new Set(["String", "Int", "BigInt", "Float", "Decimal", "Boolean", "DateTime", "Json", "Bytes"]);

/** Each model of prisma/models/ by its table: its scalar fields with the column each is stored in. */
function modelColumns(): Map<string, [field: string, column: string][]> {
  const dir = path.join(process.cwd(), "prisma", "models");
  const tables = new Map<string, [string, string][]>();
  for (const file of readdirSync(dir).filter((name) => name.endsWith(".prisma"))) {
    for (const [, body] of readFileSync(path.join(dir, file), "utf8").matchAll(/^model \w+ \{\n([\s\S]*?)^\}/gm)) {
      const table = /@@map\("(\w+)"\)/.exec(body)?.[1];
      const fields: [string, string][] = [];
      for (const line of body.split("\n")) {
        const field = /^\s+(\w+)\s+(\w+)(\?|\[\])?(.*)$/.exec(line);
        if (!field || !SCALARS.has(field[2])) continue;
        fields.push([field[1], /@map\("(\w+)"\)/.exec(field[4])?.[1] ?? field[1]]);
      }
      if (table) tables.set(table, fields);
    }
  }
  return tables;
}

describe("writes of our own (lib/db/write-sql.ts)", () => {
  it("name each column of the tables they write as its model's field in snake_case", () => {
    const tables = modelColumns();
    for (const table of WRITTEN) {
      const fields = tables.get(table);
      expect(fields?.length, table).toBeGreaterThan(2);
      for (const [field, column] of fields!) expect(`${table}.${columnOf(field)}`).toBe(`${table}.${column}`);
    }
  });

  it("would see a column that is not its field's snake_case", () => {
    // The models' one such column today, on a table not written here.
    expect(modelColumns().get("companies")?.find(([field]) => field === "markRatio30d")).toEqual(["markRatio30d", "mark_ratio_30d"]);
    expect(columnOf("markRatio30d")).not.toBe("mark_ratio_30d");
  });
});
