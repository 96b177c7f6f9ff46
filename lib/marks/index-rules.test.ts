import { describe, expect, it } from "vitest";
import { DESK_50, indexValues, rebalanceDates, selectMembers } from "./index-rules";

describe("the Desk 50's members", () => {
  it("takes the companies with the most verified volume that have a mark, ties by id, weighted equally", () => {
    const volumes = new Map([["d", 5], ["a", 9], ["c", 9], ["b", 1], ["e", 100], ["f", 0]]);
    const members = selectMembers(volumes, (id) => id !== "e", 3);
    expect(members.map((m) => m.companyId)).toEqual(["a", "c", "d"]);
    expect(members.map((m) => m.weight)).toEqual([1 / 3, 1 / 3, 1 / 3]);
    expect(selectMembers(volumes, () => true).map((m) => m.companyId)).toEqual(["e", "a", "c", "d", "b"]);
  });

  it("rebalances on the first day and on the first of every month", () => {
    expect(rebalanceDates("2026-01-15", "2026-04-01")).toEqual(["2026-01-15", "2026-02-01", "2026-03-01", "2026-04-01"]);
    expect(rebalanceDates("2026-12-01", "2027-01-31")).toEqual(["2026-12-01", "2027-01-01"]);
  });
});

describe("the Desk 50's value", () => {
  const marks: Record<string, Record<string, number>> = {
    x: { d1: 10, d2: 20, d3: 20, d4: 10 },
    y: { d1: 5, d2: 5, d3: 5, d4: 5 },
    z: { d3: 1, d4: 2 },
  };
  const mark = (id: string, date: string) => marks[id][date] ?? null;

  it("starts at 100, follows its equally weighted members, and does not move on a rebalance", () => {
    const members = (date: string) =>
      date === "d1" ? [{ companyId: "x", weight: 0.5 }, { companyId: "y", weight: 0.5 }] : date === "d3" ? [{ companyId: "y", weight: 0.5 }, { companyId: "z", weight: 0.5 }] : null;
    const values = indexValues(["d0", "d1", "d2", "d3", "d4"], members, mark);
    expect(values.map((v) => v.date)).toEqual(["d1", "d2", "d3", "d4"]);
    // x doubles: half the index doubles. Then x leaves at d3 (no jump); z doubles at d4 (half of 150).
    expect(values[0].value).toBe(DESK_50.baseValue);
    expect(values.map((v) => v.value)).toEqual([100, 150, 150, 225]);
  });

  it("keeps a member's last mark on a day it has none, and refuses a member that never had one", () => {
    const values = indexValues(["d3", "d4", "d5"], () => [{ companyId: "z", weight: 1 }], mark);
    expect(values.map((v) => v.value)).toEqual([100, 200, 200]);
    expect(() => indexValues(["d1"], () => [{ companyId: "z", weight: 1 }], mark)).toThrow(RangeError);
  });
});
