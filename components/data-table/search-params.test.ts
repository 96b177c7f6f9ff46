import { describe, expect, it } from "vitest";
import { dayEndExclusiveUtc, dayStartUtc, parseHidden, tableParams, timestampToDateInput, toUrlSearchParams } from "./search-params";

describe("table URL helpers", () => {
  it("splits UI-only parameters from the API query", () => {
    const { query, ui } = tableParams(new URLSearchParams("side=bid&hide=visibility,details&page=2"));
    expect(query.toString()).toBe("side=bid&page=2");
    expect(ui.get("hide")).toBe("visibility,details");
  });

  it("keeps prefixed tables apart", () => {
    const all = new URLSearchParams("ind_page=2&trd_sort=-volume&ind_hide=x&other=1");
    expect(tableParams(all, "ind_").query.toString()).toBe("page=2");
    expect(tableParams(all, "ind_").ui.get("hide")).toBe("x");
    expect(tableParams(all, "trd_").query.toString()).toBe("sort=-volume");
  });

  it("keeps repeated values so the parser can reject them", () => {
    expect(toUrlSearchParams({ side: ["bid", "offer"], q: undefined }).toString()).toBe("side=bid&side=offer");
  });

  it("reads hidden columns: absent = defaults, empty = none", () => {
    expect(parseHidden(null, ["a"])).toEqual(["a"]);
    expect(parseHidden("", ["a"])).toEqual([]);
    expect(parseHidden("b,c", ["a"])).toEqual(["b", "c"]);
  });

  it("maps date inputs to UTC timestamp bounds and back", () => {
    expect(dayStartUtc("2026-01-31")).toBe("2026-01-31T00:00:00Z");
    expect(dayEndExclusiveUtc("2026-01-31")).toBe("2026-02-01T00:00:00Z");
    expect(timestampToDateInput("2026-02-01T00:00:00Z", true)).toBe("2026-01-31");
    expect(timestampToDateInput("2026-01-31T00:00:00Z", false)).toBe("2026-01-31");
    expect(timestampToDateInput("garbage", false)).toBe("");
  });
});
