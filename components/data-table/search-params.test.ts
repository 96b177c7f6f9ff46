import { describe, expect, it } from "vitest";
import { parseHidden, shownSort, tableParams, toUrlSearchParams } from "./search-params";

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

  it("shows a refused link's own sort, not the default it fell back to", () => {
    const fallback = { field: "sign_date", direction: "desc" } as const;
    expect(shownSort(fallback, false, "bogus")).toEqual(fallback);
    expect(shownSort(fallback, true, null)).toEqual(fallback);
    expect(shownSort(fallback, true, "bogus")).toEqual({ field: "bogus", direction: "asc" });
    expect(shownSort(fallback, true, "-volume")).toEqual({ field: "volume", direction: "desc" });
  });
});
