import { describe, expect, it } from "vitest";
import { GET } from "@/app/api/v1/openapi.json/route";
import { indicationListParamsSchema, indicationSchema } from "@/lib/indications/schema";
import { WRITABLE_FIELDS } from "@/lib/indications/write-schema";
import { tradeListParamsSchema, tradeSchema } from "@/lib/trades/schema";

describe("GET /api/v1/openapi.json", () => {
  it("describes the read operations with the parameters and fields the handlers use", async () => {
    const response = await GET(new Request("http://localhost/api/v1/openapi.json"));
    expect(response.status).toBe(200);
    const doc = await response.json();
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.servers[0].url).toBe("http://localhost/api/v1");
    expect(Object.keys(doc.paths).sort()).toEqual([
      "/companies",
      "/companies/{company_id}",
      "/my/indications",
      "/my/indications/{id}",
      "/my/indications/{id}/close",
      "/my/indications/{id}/history",
      "/my/indications/{id}/refresh",
      "/my/trades",
    ]);

    const names = (path: string) => doc.paths[path].get.parameters.map((p: { name: string }) => p.name).sort();
    expect(names("/my/indications")).toEqual(Object.keys(indicationListParamsSchema.shape).sort());
    expect(names("/my/trades")).toEqual(Object.keys(tradeListParamsSchema.shape).sort());

    const item = (path: string, key: string) =>
      Object.keys(doc.paths[path].get.responses["200"].content["application/json"].schema.properties[key].items.properties).sort();
    expect(item("/my/indications", "indications")).toEqual(Object.keys(indicationSchema.shape).sort());
    expect(item("/my/trades", "trades")).toEqual(Object.keys(tradeSchema.shape).sort());
  });

  it("describes each write with its operationId, request body and every status it can answer", async () => {
    const doc = await (await GET(new Request("http://localhost/api/v1/openapi.json"))).json();
    const create = doc.paths["/my/indications"].post;
    expect(create.operationId).toBe("createIndication");
    expect(Object.keys(create.requestBody.content["application/json"].schema.properties).sort()).toEqual([...WRITABLE_FIELDS].sort());
    expect(create.requestBody.content["application/json"].schema.properties.price_per_share.type).toBe("string");
    expect(Object.keys(create.responses).sort()).toEqual(["201", "400", "401", "403", "405", "413", "415", "500", "503"]);
    expect(create.responses["503"].headers["Retry-After"]).toBeTruthy();
    const patch = doc.paths["/my/indications/{id}"].patch;
    expect(Object.keys(patch.requestBody.content["application/json"].schema.properties).sort()).toEqual(
      WRITABLE_FIELDS.filter((f) => f !== "side" && f !== "issuer_id").sort(),
    );
    expect(Object.keys(patch.responses)).toEqual(expect.arrayContaining(["409", "412", "413", "415", "503"]));
    for (const [path, operations] of Object.entries<Record<string, { operationId?: string }>>(doc.paths)) {
      if (!path.startsWith("/my/indications/")) continue;
      for (const [method, operation] of Object.entries(operations)) if (method !== "parameters") expect(operation.operationId, `${method} ${path}`).toBeTruthy();
    }
  });
});
