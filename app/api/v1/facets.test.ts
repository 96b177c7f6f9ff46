import { describe, expect, it } from "vitest";
import { getEngine } from "@/lib/db/client";
import { INDICATION_FACETS, indicationFacets } from "@/lib/indications/facets";
import { indicationListParamsSchema } from "@/lib/indications/schema";
import { resolveCaller } from "@/lib/auth/caller";
import { SIDES, STAGES, STOCK_CLASS_TYPES, STOCK_TYPES, STRUCTURES, VISIBILITIES } from "@/lib/domain/enums";
import { SECRETS } from "@/lib/testing/fixtures/accounts";
import { callRoute, expectList } from "@/lib/testing/http";
import { TRADE_FACETS, tradeFacets } from "@/lib/trades/facets";
import { tradeListParamsSchema } from "@/lib/trades/schema";
import { GET as indications } from "./my/indications/route";
import { GET as trades } from "./my/trades/route";
import { parseQuery } from "@/lib/schema/params";

/**
 * The filter popovers' faceted counts (issue 15): for every facet and value, the count equals the
 * total_count GET /my/<resource> answers with that value added to the other filters.
 */

const KEY = SECRETS.alphaBroker;

async function caller() {
  return resolveCaller(new Request("http://localhost/", { headers: { authorization: `Bearer ${KEY}` } }));
}

async function totalCount(handler: unknown, resource: string, params: URLSearchParams): Promise<number> {
  return expectList(await callRoute(handler, `/api/v1/my/${resource}?${params}`, { key: KEY }), resource).total_count;
}

const INDICATION_VALUES: Record<(typeof INDICATION_FACETS)[number], readonly string[]> = {
  side: SIDES,
  stage: STAGES,
  structure: STRUCTURES,
  visibility: VISIBILITIES,
  stock_type: STOCK_TYPES,
  stock_class_type: STOCK_CLASS_TYPES,
};
const TRADE_VALUES: Record<(typeof TRADE_FACETS)[number], readonly string[]> = {
  is_verified: ["true", "false"],
  structure: STRUCTURES,
  stock_type: STOCK_TYPES,
  stock_class_type: STOCK_CLASS_TYPES,
};

describe("indication facets", () => {
  for (const query of ["", "side=bid", "stage=open&structure=direct,spv", "price_min=10&stock_type=secondary"]) {
    it(`?${query}: each value's count is the list's total_count with it`, async () => {
      const parsed = parseQuery(indicationListParamsSchema, new URLSearchParams(query));
      if (!parsed.ok) throw parsed.error;
      const facets = await indicationFacets(await caller(), parsed.value);
      let nonZero = 0;
      for (const facet of INDICATION_FACETS) {
        for (const value of INDICATION_VALUES[facet]) {
          const params = new URLSearchParams(query);
          params.set(facet, value);
          const expected = await totalCount(indications, "indications", params);
          expect(facets[facet][value] ?? 0, `${facet}=${value} under ?${query}`).toBe(expected);
          if (expected > 0) nonZero++;
        }
      }
      expect(nonZero).toBeGreaterThan(4);
    });
  }
});

describe("trade facets", () => {
  for (const query of ["", "is_verified=false", "structure=direct&sign_date_from=2026-01-01"]) {
    it(`?${query}: each value's count is the list's total_count with it`, async () => {
      const parsed = parseQuery(tradeListParamsSchema, new URLSearchParams(query));
      if (!parsed.ok) throw parsed.error;
      const facets = await tradeFacets(await caller(), parsed.value);
      for (const facet of TRADE_FACETS) {
        for (const value of TRADE_VALUES[facet]) {
          const params = new URLSearchParams(query);
          params.set(facet, value);
          expect(facets[facet][value] ?? 0, `${facet}=${value} under ?${query}`).toBe(await totalCount(trades, "trades", params));
        }
      }
    });
  }

  it("answers the second time from the cache (one statement: the change counter)", async () => {
    const parsed = parseQuery(tradeListParamsSchema, new URLSearchParams("stock_type=primary"));
    if (!parsed.ok) throw parsed.error;
    const who = await caller();
    const first = await tradeFacets(who, parsed.value);
    const engine = getEngine();
    const statements: string[] = [];
    const run = engine.run;
    engine.run = (sql) => (statements.push(sql.text), run(sql));
    try {
      expect(await tradeFacets(who, parsed.value)).toEqual(first);
    } finally {
      engine.run = run;
    }
    expect(statements).toHaveLength(1);
  });
});
