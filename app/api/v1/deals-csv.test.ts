import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import { recordOf } from "@/lib/testing/csv";
import { callRoute, expectError, fetchAll, type CallResult } from "@/lib/testing/http";
import { withAppOnOwnDatabase } from "@/lib/testing/own-database";
import { GET as dealsCsv } from "./my/deals.csv/route";
import { GET as dealsJson } from "./my/deals/route";
import { dealAt, newOffer, ask, parties, step, type DealBody, type Member, type Party } from "./_testing/deals";

/**
 * GET /my/deals.csv (issue 45) through the real route handlers: for the same filters its records
 * are GET /my/deals's items, every page of them, their nested fields flattened
 * (`requester.team.name` is `requester_team_name`); and the naming rule holds in it as in the JSON:
 * before the introduction an anonymous owner's team appears nowhere in the requester's file.
 */

withAppOnOwnDatabase();
let who: Record<Party, Member>;
const deals: Record<string, DealBody> = {};
beforeAll(async () => {
  who = await parties();
  for (const stage of ["requested", "accepted", "in_closing", "closed", "dead"]) deals[stage] = await dealAt(who, stage);
});

/** The documented columns, in order (docs/api/deals.md, "Lists and history"). */
const HEADER = [
  "id", "stage", "role", "company.id", "company.name",
  "indication_permalink_id", "indication_side", "indication_price_per_share", "indication_volume", "indication_minimum_volume",
  "requested_volume", "requested_price_per_share", "requested_note",
  "requester_team_id", "requester_team_name", "requester_broker_name", "requester_broker_email",
  "owner_team_id", "owner_team_name", "owner_broker_name", "owner_broker_email",
  "terms_price_per_share", "terms_volume", "terms_structure", "terms_sign_date",
  "trade_id", "won_date", "dead_reason", "dead_note", "created_at", "updated_at",
];

type Item = Record<string, unknown>;

/** A flat column's value in the JSON item: `requester_team_name` is item.requester.team.name (null under a null object). */
function valueAt(item: Item, column: string): unknown {
  if (column in item) return item[column];
  const parent = Object.keys(item).find((key) => column.startsWith(`${key}_`) && typeof item[key] === "object" && !Array.isArray(item[key]));
  if (parent === undefined) throw new Error(`no field of the item holds ${column}`);
  return item[parent] === null ? null : valueAt(item[parent] as Item, column.slice(parent.length + 1));
}

/** The JSON item as the CSV writes it: the company a reference, trade_id the team's one trade. */
function flatItem(item: Item): Item {
  const columns = HEADER.filter((column) => !column.startsWith("company."));
  const flat = Object.fromEntries(columns.map((column) => [column, column === "trade_id" ? ((item.trade_ids as string[])[0] ?? null) : valueAt(item, column)]));
  const { id, stage, role, ...rest } = flat;
  return { id, stage, role, company: item.company, ...rest };
}

function records(result: CallResult): string[][] {
  expect(result.status, result.text.slice(0, 300)).toBe(200);
  expect(result.headers.get("content-type")).toBe("text/csv; charset=utf-8; header=present");
  expect(result.headers.get("content-disposition")).toMatch(/^attachment; filename="deals-\d{4}-\d{2}-\d{2}\.csv"$/);
  return parse(result.text) as string[][];
}

async function expectSameRows(member: Member, query: string) {
  const { items, total } = await fetchAll<Item>(dealsJson, `/api/v1/my/deals${query ? `?${query}` : ""}`, "deals", member.key, 2);
  const csv = await callRoute(dealsCsv, `/api/v1/my/deals.csv${query ? `?${query}` : ""}`, { key: member.key });
  const [header, ...rows] = records(csv);
  expect(header).toEqual(HEADER);
  expect(rows.length, query).toBe(total);
  expect(rows, query).toEqual(items.map((item) => recordOf(flatItem(item))));
  return { rows, text: csv.text };
}

describe("GET /my/deals.csv: the JSON list's deals, flattened", () => {
  for (const query of ["", "stage=closed", "role=owner", "role=requester&stage=requested,accepted", "sort=created_at", "sort=-created_at&stage=dead,closed"]) {
    it(`?${query}, as each party`, async () => {
      for (const member of [who.owner, who.requester]) await expectSameRows(member, query);
    });
  }

  it("a closed deal: its terms, its won date and the team's own trade", async () => {
    const { rows } = await expectSameRows(who.requester, "stage=closed");
    const row = Object.fromEntries(HEADER.map((column, i) => [column, rows[0][i]]));
    expect(row).toMatchObject({ stage: "closed", role: "requester", terms_volume: "400", terms_structure: "direct", won_date: "2026-11-25", trade_id: (deals.closed.trade_ids as string[])[0] });
    expect(row.trade_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("indication_id: the deals on one order, in the list and in the file", async () => {
    const offer = await newOffer(who.owner);
    const first = await ask(who.requester, offer.permalink_id);
    expect(first.status, first.text).toBe(201);
    for (const member of [who.owner, who.requester]) {
      const { rows } = await expectSameRows(member, `indication_id=${offer.id}`);
      expect(rows.map((row) => row[0])).toEqual([(first.body as DealBody).id]);
    }
    await expectSameRows(who.owner, `indication_id=${offer.id.toUpperCase()}&role=owner&stage=requested`);
    const { rows } = await expectSameRows(who.third, `indication_id=${offer.id}`);
    expect(rows).toEqual([]);
  });

  it("refuses what the list refuses, naming the parameter, and the page fields", async () => {
    for (const [query, param] of [
      ["stage=won", "stage"],
      ["indication_id=IND-1", "indication_id"],
      ["role=ops", "role"],
      ["sort=stage", "sort"],
    ]) {
      expectError(await callRoute(dealsCsv, `/api/v1/my/deals.csv?${query}`, { key: who.owner.key }), "invalid_parameter", param);
    }
    for (const param of ["page", "per_page"]) expectError(await callRoute(dealsCsv, `/api/v1/my/deals.csv?${param}=2`, { key: who.owner.key }), "unknown_parameter", param);
    expectError(await callRoute(dealsJson, "/api/v1/my/deals?indication_id=nope", { key: who.owner.key }), "invalid_parameter", "indication_id");
  });
});

describe("the naming rule in the file", () => {
  const secretsOf = (member: Member) => [member.teamName, member.teamId, member.name, member.email];

  it("an anonymous owner's team is nowhere in the requester's file before the introduction, and there after it", async () => {
    const offer = await newOffer(who.owner);
    const deal = (await ask(who.requester, offer.permalink_id)).body as DealBody;
    expect((await step("accept", who.owner, deal.id)).status).toBe(200);
    const ofThisDeal = `indication_id=${offer.id}`;
    const before = await expectSameRows(who.requester, ofThisDeal);
    expect(before.rows).toHaveLength(1);
    for (const secret of secretsOf(who.owner)) expect(before.text.includes(secret), secret).toBe(false);
    const owners = await expectSameRows(who.owner, ofThisDeal);
    for (const secret of secretsOf(who.requester)) expect(owners.text.includes(secret), secret).toBe(false);

    expect((await step("introduce", who.ops, deal.id)).status).toBe(200);
    const after = await expectSameRows(who.requester, ofThisDeal);
    for (const secret of secretsOf(who.owner)) expect(after.text, secret).toContain(secret);
    expect((await expectSameRows(who.owner, ofThisDeal)).text).toContain(who.requester.teamName);
  });

  it("a public order names its owner's team to the requester at once, its broker only once introduced", async () => {
    const offer = await newOffer(who.owner, { visibility: "order_book_public" });
    const asked = await ask(who.requester, offer.permalink_id);
    expect(asked.status, asked.text).toBe(201);
    const { rows } = await expectSameRows(who.requester, `indication_id=${offer.id}`);
    const row = Object.fromEntries(HEADER.map((column, i) => [column, rows[0][i]]));
    expect(row).toMatchObject({ owner_team_id: who.owner.teamId, owner_team_name: who.owner.teamName, owner_broker_name: "", owner_broker_email: "" });
  });
});
