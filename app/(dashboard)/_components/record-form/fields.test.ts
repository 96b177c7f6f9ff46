import { describe, expect, it } from "vitest";
import { parseBody } from "@/lib/schema/body";
import { ApiError } from "@/lib/schema/errors";
import { indicationCreateSchema, INDICATION_REFUSED, WRITABLE_FIELDS as INDICATION_WRITABLE } from "@/lib/indications/write-schema";
import { tradeCreateSchema, TRADE_REFUSED, WRITABLE_FIELDS as TRADE_WRITABLE } from "@/lib/trades/write-schema";
import { bodyOf, errorsAtFields, fieldOfParam, plainMessage, readAmount, validate, valuesOf, type FormValues } from "./fields";
import { INDICATION_FORM_FIELDS, TRADE_FORM_FIELDS } from "./field-defs";

/**
 * The forms' bodies against the real write schemas: what the browser checks is what the server
 * parses (parseBody, as the API and the server actions do), with the same verdict.
 */

const ISSUER = "0b6f4d58-5f9e-4d8a-9a49-2f2f0c6a1d11";

function serverVerdict(schema: Parameters<typeof parseBody>[0], body: unknown, refused: Record<string, string>): string | null {
  try {
    parseBody(schema, body, refused);
    return null;
  } catch (error) {
    if (error instanceof ApiError) return fieldOfParam(error.param);
    throw error;
  }
}

const bid: FormValues = {
  ...valuesOf(INDICATION_FORM_FIELDS, {}),
  issuer_id: ISSUER,
  side: "bid",
  price_per_share: "12.50000001",
  volume: "1000000",
  acceptable_structures: ["direct", "spv_1_layer"],
  visibility: "order_book_public",
  stock_type: "secondary",
  stock_class_type: "preferred",
  // What an offer would need: not sent for a bid.
  structure: "direct",
};

describe("record form bodies", () => {
  it("each form has a field for every writable field of its schema (a field left out could never be set from the dashboard)", () => {
    expect(INDICATION_FORM_FIELDS.map((f) => f.name).sort()).toEqual([...INDICATION_WRITABLE].sort());
    expect(TRADE_FORM_FIELDS.map((f) => f.name).sort()).toEqual([...TRADE_WRITABLE].sort());
  });

  it("a bid sends its acceptable structures, no structure, and the decimal text exactly as typed", () => {
    const body = bodyOf(INDICATION_FORM_FIELDS, bid, "create");
    expect(body).toMatchObject({ side: "bid", structure: null, acceptable_structures: ["direct", "spv_1_layer"], price_per_share: "12.50000001", minimum_volume: null, private_recipients: [] });
    expect(validate(indicationCreateSchema, body)).toEqual({});
    expect(serverVerdict(indicationCreateSchema, body, INDICATION_REFUSED.onCreate)).toBeNull();
  });

  it("an offer sends one structure and no acceptable structures", () => {
    const body = bodyOf(INDICATION_FORM_FIELDS, { ...bid, side: "offer" }, "create");
    expect(body).toMatchObject({ structure: "direct", acceptable_structures: [] });
    expect(validate(indicationCreateSchema, body)).toEqual({});
  });

  it("recipients go only with private visibility, and private needs them", () => {
    const withRecipients = { ...bid, private_recipients: ["a@example.com"] };
    expect(bodyOf(INDICATION_FORM_FIELDS, withRecipients, "create").private_recipients).toEqual([]);
    const privateEmpty = bodyOf(INDICATION_FORM_FIELDS, { ...bid, visibility: "private" }, "create");
    expect(validate(indicationCreateSchema, privateEmpty)).toHaveProperty("private_recipients");
    expect(serverVerdict(indicationCreateSchema, privateEmpty, INDICATION_REFUSED.onCreate)).toBe("private_recipients");
  });

  it("each bad field is reported at that field, in the browser and by the server alike", () => {
    const cases: [Partial<FormValues>, string][] = [
      [{ price_per_share: "12,5" }, "price_per_share"],
      [{ price_per_share: "" }, "price_per_share"],
      [{ volume: "0" }, "volume"],
      [{ minimum_volume: "2000000" }, "minimum_volume"],
      [{ acceptable_structures: [] }, "acceptable_structures"],
      [{ management_fee_percent: "100.5" }, "management_fee_percent"],
      [{ issuer_id: "" }, "issuer_id"],
      [{ visibility: "private", private_recipients: ["not-an-address"] }, "private_recipients"],
    ];
    for (const [change, field] of cases) {
      const body = bodyOf(INDICATION_FORM_FIELDS, { ...bid, ...change } as FormValues, "create");
      expect(Object.keys(validate(indicationCreateSchema, body)), JSON.stringify(change)).toContain(field);
      expect(serverVerdict(indicationCreateSchema, body, INDICATION_REFUSED.onCreate), JSON.stringify(change)).toBe(field);
    }
  });

  it("the browser names every problem on the first submit: the rules between fields too, while a field is still invalid", () => {
    const body = bodyOf(INDICATION_FORM_FIELDS, { ...bid, price_per_share: "12,5", acceptable_structures: [], visibility: "private" }, "create");
    expect(Object.keys(validate(indicationCreateSchema, body)).sort()).toEqual(["acceptable_structures", "price_per_share", "private_recipients"]);
    // An invalid field is read as left out by the rules: no rule message on top of its own.
    const malformed = bodyOf(INDICATION_FORM_FIELDS, { ...bid, minimum_volume: "-1", acceptable_structures: [], visibility: "private", private_recipients: ["x"] }, "create");
    expect(Object.keys(validate(indicationCreateSchema, malformed)).sort()).toEqual(["acceptable_structures", "minimum_volume", "private_recipients"]);
    expect(validate(indicationCreateSchema, malformed).private_recipients).toMatch(/e-mail/);
  });

  it("says each problem in plain words, one sentence per field", () => {
    const body = bodyOf(INDICATION_FORM_FIELDS, { ...bid, issuer_id: "Arc", price_per_share: "12,5", volume: "", stock_type: "", visibility: "private", private_recipients: ["x"] }, "create");
    const errors = validate(indicationCreateSchema, body);
    const said = Object.fromEntries(INDICATION_FORM_FIELDS.filter((f) => errors[f.name]).map((f) => [f.name, plainMessage(f, errors[f.name])]));
    expect(said).toEqual({
      issuer_id: "Choose a company from the list.",
      // Not the API's "no commas": the form reads "250,000".
      price_per_share: "Price per share must be an amount like 250,000 or 1250.50: digits, commas only between thousands, at most one point, at most 18 digits before it and 8 after.",
      volume: "Enter the volume.",
      stock_type: "Choose the stock type.",
      private_recipients: "Entry 1 must be an e-mail address, like name@example.com.",
    });
    for (const message of Object.values(said)) expect(message).not.toMatch(/UUID|got "|expected one of|Invalid|received|_/);
  });

  it("the browser and the server name the same problems, in the same words, all at once", () => {
    const body = bodyOf(INDICATION_FORM_FIELDS, { ...bid, price_per_share: "12,5", volume: "0", minimum_volume: "-1", acceptable_structures: [], visibility: "private" }, "create");
    const browser = validate(indicationCreateSchema, body);
    let server: ApiError | undefined;
    try {
      parseBody(indicationCreateSchema, body, INDICATION_REFUSED.onCreate);
    } catch (error) {
      if (error instanceof ApiError) server = error;
    }
    expect(server?.errors.map((e) => e.param)).toEqual(["price_per_share", "volume", "minimum_volume", "acceptable_structures", "private_recipients"]);
    expect(Object.fromEntries(server!.errors.map((e) => [e.param, e.message]))).toEqual(browser);
    // The form shows what the server answers at each field, as it shows its own check.
    const { errors, others } = errorsAtFields(server!.errors, (field) => INDICATION_FORM_FIELDS.some((f) => f.name === field));
    expect(errors).toEqual(browser);
    expect(others).toEqual([]);
  });

  it("a rule that judged a field still invalid says nothing: the field's own problem is the one to fix", () => {
    // An invalid side cannot tell an offer's rules from a bid's: neither is applied yet.
    const body = { ...bodyOf(INDICATION_FORM_FIELDS, { ...bid, side: "offer" }, "create"), side: "sell", acceptable_structures: [] };
    expect(Object.keys(validate(indicationCreateSchema, body))).toEqual(["side"]);
  });

  it("reads amounts as people type them ($, commas that group thousands), and leaves anything else to the schema", () => {
    expect(["2,000,000", "$14", "$ 1,250.50", " 14 ", "1000"].map(readAmount)).toEqual(["2000000", "14", "1250.50", "14", "1000"]);
    expect(["12,5", "1,00,000", "-1000", "$", "14$", "1,000,"].map(readAmount)).toEqual(["12,5", "1,00,000", "-1000", "$", "14$", "1,000,"]);
    const body = bodyOf(INDICATION_FORM_FIELDS, { ...bid, price_per_share: "$14", volume: "2,000,000", minimum_volume: "1,000" }, "create");
    expect(body).toMatchObject({ price_per_share: "14", volume: "2000000", minimum_volume: "1000" });
    expect(validate(indicationCreateSchema, body)).toEqual({});
    expect(serverVerdict(indicationCreateSchema, body, INDICATION_REFUSED.onCreate)).toBeNull();
  });

  it("a minus sign is named as the problem, and values in a message read as the fields show them", () => {
    const field = (name: string) => INDICATION_FORM_FIELDS.find((f) => f.name === name)!;
    const negative = validate(indicationCreateSchema, bodyOf(INDICATION_FORM_FIELDS, { ...bid, volume: "-1000", management_fee_percent: "-1.5" }, "create"));
    expect(plainMessage(field("volume"), negative.volume, INDICATION_FORM_FIELDS)).toBe("Volume must not be negative.");
    expect(plainMessage(field("management_fee_percent"), negative.management_fee_percent, INDICATION_FORM_FIELDS)).toBe("Management fee must not be negative.");
    const over = validate(indicationCreateSchema, bodyOf(INDICATION_FORM_FIELDS, { ...bid, minimum_volume: "2000000" }, "create"));
    expect(plainMessage(field("minimum_volume"), over.minimum_volume, INDICATION_FORM_FIELDS)).toBe("Minimum volume must not exceed volume ($1,000,000).");
  });

  it("an edit leaves out the fields fixed at creation, which the patch would refuse", () => {
    const patch = bodyOf(INDICATION_FORM_FIELDS, bid, "edit");
    expect(patch).not.toHaveProperty("issuer_id");
    expect(patch).not.toHaveProperty("side");
  });

  it("a trade's dates are checked by the trade schema (won before signed is refused at won_date)", () => {
    const trade: FormValues = {
      ...valuesOf(TRADE_FORM_FIELDS, {}),
      issuer_id: ISSUER,
      sign_date: "2026-03-09",
      won_date: "2026-03-02",
      price_per_share: "41.25",
      volume: "2500000",
      structure: "direct",
      stock_type: "secondary",
      stock_class_type: "common",
      verification_officer_name: "Dana Officer",
      verification_officer_email: "dana@bank.example",
      attributed_to_owner: false,
    };
    const body = bodyOf(TRADE_FORM_FIELDS, trade, "create");
    expect(validate(tradeCreateSchema, body)).toEqual({ won_date: "won_date must not be before sign_date (2026-03-09)." });
    const wonDate = TRADE_FORM_FIELDS.find((f) => f.name === "won_date")!;
    expect(plainMessage(wonDate, validate(tradeCreateSchema, body).won_date, TRADE_FORM_FIELDS)).toBe(`Won date must not be before sign date (${new Date("2026-03-09T00:00:00Z").toLocaleDateString(undefined, { timeZone: "UTC", year: "numeric", month: "2-digit", day: "2-digit" })}).`);
    expect(serverVerdict(tradeCreateSchema, body, TRADE_REFUSED.onCreate)).toBe("won_date");
    const fixed = bodyOf(TRADE_FORM_FIELDS, { ...trade, won_date: "2026-03-10" }, "create");
    expect(validate(tradeCreateSchema, fixed)).toEqual({});
  });
});
