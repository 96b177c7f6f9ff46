import { describe, expect, it } from "vitest";
import { GET } from "@/app/api/v1/openapi.json/route";
import { indicationListParamsSchema, indicationSchema } from "@/lib/indications/schema";
import { tradeListParamsSchema, tradeSchema } from "@/lib/trades/schema";

describe("GET /api/v1/openapi.json", () => {
  it("describes the four operations with the parameters and fields the handlers use", async () => {
    const response = await GET(new Request("http://localhost/api/v1/openapi.json"));
    expect(response.status).toBe(200);
    const doc = await response.json();
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.servers[0].url).toBe("http://localhost/api/v1");
    expect(Object.keys(doc.paths).sort()).toEqual(["/companies", "/companies/{company_id}", "/my/indications", "/my/trades"]);

    const names = (path: string) => doc.paths[path].get.parameters.map((p: { name: string }) => p.name).sort();
    expect(names("/my/indications")).toEqual(Object.keys(indicationListParamsSchema.shape).sort());
    expect(names("/my/trades")).toEqual(Object.keys(tradeListParamsSchema.shape).sort());

    const item = (path: string, key: string) =>
      Object.keys(doc.paths[path].get.responses["200"].content["application/json"].schema.properties[key].items.properties).sort();
    expect(item("/my/indications", "indications")).toEqual(Object.keys(indicationSchema.shape).sort());
    expect(item("/my/trades", "trades")).toEqual(Object.keys(tradeSchema.shape).sort());
  });
});
