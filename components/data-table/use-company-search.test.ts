import { afterEach, describe, expect, it, vi } from "vitest";
import { exactCompany, fetchCompanies, SUGGESTION_LIMIT } from "./use-company-search";

const acme = { id: "c1", name: "Acme Robotics" };

describe("company search", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("takes a name typed exactly, whatever its case and the spaces around it", () => {
    expect(exactCompany([acme], "  acme ROBOTICS ")).toBe(acme);
    expect(exactCompany([acme], "Acme")).toBeUndefined();
  });

  it("asks the list API for one page of suggestions and keeps only id and name", async () => {
    const fetchMock = vi.fn(async () => Response.json({ companies: [{ ...acme, logo: "x.png" }], total_count: 41 }));
    vi.stubGlobal("fetch", fetchMock);
    const found = await fetchCompanies("/api/v1/companies", "ac me", new AbortController().signal);
    expect(found).toEqual({ list: [acme], total: 41 });
    expect(fetchMock).toHaveBeenCalledWith(`/api/v1/companies?q=ac+me&per_page=${SUGGESTION_LIMIT}`, expect.objectContaining({ headers: { accept: "application/json" } }));
  });

  it("counts the list when the API gives no total, and gives null for a refusal", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Response.json({ companies: [acme] })));
    expect(await fetchCompanies("/c", "a", new AbortController().signal)).toEqual({ list: [acme], total: 1 });
    vi.stubGlobal("fetch", vi.fn(async () => new Response("no", { status: 403 })));
    expect(await fetchCompanies("/c", "a", new AbortController().signal)).toBeNull();
  });
});
