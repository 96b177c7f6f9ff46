import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { indicationSchema } from "@/lib/indications/schema";
import { tradeSchema } from "@/lib/trades/schema";
import { LONG_TEXT_FIELDS } from "./record-form/field-defs";
import { detailOrder, ResourceFields } from "./resource-fields";

/**
 * The detail pages show every field of the response schema by themselves: a field added to the
 * schema lands among the record's own fields (not after the bookkeeping), and long free text spans
 * the row because its form takes it in a textarea, without naming the field here.
 */

const BOOKKEEPING = ["permalink_id", "id", "opened_at", "last_refreshed_at", "created_at", "updated_at"];

describe("the detail page's fields", () => {
  it("ends every resource with the bookkeeping, in its order", () => {
    for (const schema of [indicationSchema, tradeSchema]) {
      const fields = Object.keys(schema.shape);
      const ordered = detailOrder(fields);
      expect(ordered.toSorted()).toEqual(fields.toSorted());
      const kept = BOOKKEEPING.filter((field) => fields.includes(field));
      expect(ordered.slice(-kept.length)).toEqual(kept);
    }
  });

  it("places a field the order does not list after details, before the bookkeeping, in schema order", () => {
    const fields = ["id", "new_note", "side", "details", "updated_at", "new_flag", "permalink_id"];
    expect(detailOrder(fields)).toEqual(["side", "details", "new_note", "new_flag", "permalink_id", "id", "updated_at"]);
  });

  it("spans the row for the fields its form takes in a textarea, and only those", () => {
    for (const wide of Object.values(LONG_TEXT_FIELDS)) expect(wide).toContain("details");
    const html = renderToStaticMarkup(
      createElement(ResourceFields, { fields: ["side", "details", "new_note", "client_id"], wide: ["details", "new_note"], resource: { side: "bid", details: "d", new_note: "n", client_id: "c" } }),
    );
    const spans = [...html.matchAll(/data-field="([a-z_]+)"( class="[^"]*col-span[^"]*")?/g)].map(([, field, span]) => [field, Boolean(span)]);
    expect(spans).toEqual([
      ["side", false],
      ["client_id", false],
      ["details", true],
      ["new_note", true],
    ]);
  });
});
