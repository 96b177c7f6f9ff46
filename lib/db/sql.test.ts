import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { dialectOf } from "./dialect";
import { Filters, compiled, template } from "./sql";
import type { Indication } from "../generated/kysely/tables";

/** The statement templates and the filters' shapes that let one compiled text serve many calls. */

describe("template", () => {
  const byId = template<"id" | "team">((dialect, slot) => dialect.db.selectFrom("indications as t").select("t.id").where("t.id", "=", slot("id")).where("t.team_id", "=", slot("team")).limit(1));

  it("fills each call's values into the one text, in the order the text takes them", () => {
    for (const kind of ["sqlite", "postgres"] as const) {
      const dialect = dialectOf(kind);
      const a = byId(dialect, { id: "i-1", team: "t-1" });
      const b = byId(dialect, { team: "t-2", id: "i-2" });
      expect(b.text).toBe(a.text);
      expect(a.values).toEqual(["i-1", "t-1", 1]);
      expect(b.values).toEqual(["i-2", "t-2", 1]);
      expect(a.text).toBe(compiled(dialect, dialect.db.selectFrom("indications as t").select("t.id").where("t.id", "=", "x").where("t.team_id", "=", "y").limit(1)).text);
    }
  });

  it("refuses a call that leaves a value out", () => {
    expect(() => byId(dialectOf("sqlite"), { id: "i-1" } as { id: string; team: string })).toThrow(/team/);
  });
});

describe("Filters", () => {
  const dialect = dialectOf("postgres");
  const filters = (side: string[], price?: string) => {
    const w = new Filters<Indication>(dialect);
    w.oneOf("side", side);
    w.between("price_per_share", price, undefined);
    return w;
  };

  it("has one shape for the same tests whatever their values, another when a test or its arity changes", () => {
    expect(filters(["bid"], "1").shape()).toBe(filters(["offer"], "2").shape());
    expect(filters(["bid"], "1").shape()).not.toBe(filters(["bid", "offer"], "1").shape());
    expect(filters(["bid"], "1").shape()).not.toBe(filters(["bid"]).shape());
    expect(filters(["bid", "offer"], "7").values()).toEqual(["bid", "offer", "7"]);
  });

  it("writes its values as they are, or the slots it is given", () => {
    const w = filters(["bid", "offer"], "7");
    expect(compiled(dialect, sql`${w.toSql()}`).values).toEqual(["bid", "offer", "7"]);
    const slots = compiled(dialect, sql`${w.toSql((i) => `slot ${i}`)}`);
    expect(slots.values).toEqual(["slot 0", "slot 1", "slot 2"]);
    expect(slots.text).toBe(compiled(dialect, sql`${w.toSql()}`).text);
  });
});
