import { describe, expect, it } from "vitest";
import { isUuid } from "../schema/params";
import { newRowId } from "./row-id";

describe("newRowId", () => {
  it("is a UUID the API's id parameters accept, of version 7", () => {
    const id = newRowId();
    expect(isUuid(id)).toBe(true);
    expect(id[14]).toBe("7");
  });

  it("sorts after every id made before it, within a millisecond too, so inserts land at an index's end", () => {
    const ids = Array.from({ length: 5_000 }, () => newRowId());
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("starts with the time it was made", () => {
    const before = Date.now();
    const id = newRowId();
    const at = parseInt(id.replace(/-/g, "").slice(0, 12), 16);
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(Date.now());
  });
});
