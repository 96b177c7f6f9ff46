import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "./openapi";

/**
 * The OpenAPI document's examples (lib/openapi/examples.json, the real answers examples.test.ts
 * records) against the document itself: each request body and answer shown, the shared 400s it
 * references included, is valid for the schema beside it (ajv). No database: the examples are
 * the committed file's, read as the document is.
 */

describe("the OpenAPI document's examples", () => {
  it("fit the schemas the document gives them", () => {
    type Media = { examples?: Record<string, { value?: unknown; $ref?: string }> };
    const document = openApiDocument("/api/v1");
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema(document, "doc");
    const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, "~0").replace(/\//g, "~1")).join("/");
    const violations: string[] = [];
    for (const [route, item] of Object.entries(document.paths)) {
      for (const [method, value] of Object.entries(item as Record<string, { requestBody?: { content: Record<string, Media> }; responses: Record<string, { content?: Record<string, Media> }> }>)) {
        if (method === "parameters") continue;
        const checks = [
          ...Object.entries(value.requestBody?.content ?? {}).map(([type, media]) => ({ at: ["paths", route, method, "requestBody", "content", type], media })),
          ...Object.entries(value.responses).flatMap(([status, response]) => Object.entries(response.content ?? {}).map(([type, media]) => ({ at: ["paths", route, method, "responses", status, "content", type], media }))),
        ];
        for (const { at, media } of checks) {
          for (const [name, example] of Object.entries(media.examples ?? {})) {
            const shown = example.$ref ? (document.components.examples as Record<string, { value: unknown }>)[example.$ref.split("/").pop()!].value : example.value;
            const validate = ajv.getSchema(`doc#/${pointer(...at, "schema")}`)!;
            if (!validate(shown)) violations.push(`${method} ${route} ${at.slice(3).join(" ")} ${name}: ${ajv.errorsText(validate.errors)}`);
          }
        }
      }
    }
    expect(violations).toEqual([]);
  });
});
