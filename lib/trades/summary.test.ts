import { describe, expect, it } from "vitest";
import type { Caller } from "@/lib/auth/caller";
import { TEAMS, USERS } from "@/lib/testing/fixtures/accounts";
import { canonicalDecimal, units } from "@/lib/testing/fixtures/decimals";
import { teamTrades, type FixtureTrade } from "@/lib/testing/fixtures/trades";
import { tradeListParamsSchema } from "./schema";
import { summarizeTrades } from "./summary";
import { parseQuery } from "@/lib/schema/params";

const alphaLead: Caller = {
  userId: USERS.alphaLead.id,
  email: USERS.alphaLead.email,
  name: USERS.alphaLead.name,
  teamId: TEAMS.alpha.id,
  teamName: TEAMS.alpha.name,
  role: "team_lead",
  permissions: [...USERS.alphaLead.permissions],
  via: "session",
};

function query(params: Record<string, string>) {
  const parsed = parseQuery(tradeListParamsSchema, new URLSearchParams(params));
  if (!parsed.ok) throw parsed.error;
  return parsed.value;
}

const SCALE = BigInt(10) ** BigInt(8);
const toDecimal = (u: bigint) => canonicalDecimal(`${u / SCALE}.${(u % SCALE).toString().padStart(8, "0")}`);

/**
 * Expected totals, computed independently from the fixture with BigInt: the VWAP as the exact
 * fraction Σ volume / Σ (volume / price), one trade at a time, then rounded half up.
 */
function expectedTotals(rows: FixtureTrade[]) {
  const volume = rows.reduce((sum, r) => sum + units(r.volume), BigInt(0));
  // Σ v/p as num/den (not reduced: the fixture is small).
  let num = BigInt(0);
  let den = BigInt(1);
  for (const r of rows) {
    num = num * units(r.pricePerShare) + units(r.volume) * den;
    den = den * units(r.pricePerShare);
  }
  // VWAP in 1e-8 units = volume / (num / den), half up.
  const vwap = volume === BigInt(0) ? null : toDecimal((BigInt(2) * volume * den + num) / (BigInt(2) * num));
  return { count: rows.length, total_volume: toDecimal(volume), vwap_price_per_share: vwap };
}

describe("summarizeTrades (team-lead review totals)", () => {
  it("totals the team's verified trades exactly, overall and per company", async () => {
    const rows = teamTrades("alpha").filter((t) => t.isVerified);
    const summary = await summarizeTrades(alphaLead, query({ is_verified: "true" }));
    expect({ count: summary.count, total_volume: summary.total_volume, vwap_price_per_share: summary.vwap_price_per_share }).toEqual(
      expectedTotals(rows),
    );
    const issuers = new Set(rows.map((r) => r.issuerId));
    expect(summary.by_company.map((c) => c.issuer.id).sort()).toEqual([...issuers].sort());
    for (const company of summary.by_company) {
      const { issuer, ...totals } = company;
      expect(totals).toEqual(expectedTotals(rows.filter((r) => r.issuerId === issuer.id)));
    }
  });

  it("totals per broker (who recorded the trade) and per month and structure, exactly", async () => {
    const rows = teamTrades("alpha").filter((t) => t.isVerified);
    const summary = await summarizeTrades(alphaLead, query({ is_verified: "true" }));
    const brokers = new Set(rows.map((r) => USERS[r.user].id));
    expect(summary.by_broker.map((b) => b.broker.id).sort()).toEqual([...brokers].sort());
    for (const { broker, ...totals } of summary.by_broker) {
      const user = Object.values(USERS).find((u) => u.id === broker.id)!;
      expect(broker.name).toBe(user.name);
      expect(totals).toEqual(expectedTotals(rows.filter((r) => USERS[r.user].id === broker.id)));
    }
    const groups = new Set(rows.map((r) => `${r.signDate.slice(0, 7)}|${r.structure}`));
    expect(summary.by_month.map((m) => `${m.month}|${m.structure}`)).toEqual([...groups].sort());
    for (const { month, structure, ...totals } of summary.by_month) {
      expect(totals).toEqual(expectedTotals(rows.filter((r) => r.signDate.startsWith(month) && r.structure === structure)));
    }
  });

  it("user_id narrows the totals to one broker's trades", async () => {
    const user = teamTrades("alpha")[0].user;
    const rows = teamTrades("alpha").filter((t) => t.user === user);
    const summary = await summarizeTrades(alphaLead, query({ user_id: USERS[user].id }));
    expect(summary.count).toBe(rows.length);
    expect(summary.by_broker.map((b) => b.broker.id)).toEqual([USERS[user].id]);
  });

  it("applies the trade list's filters and never counts another team's trades", async () => {
    const all = await summarizeTrades(alphaLead, query({}));
    expect(all.count).toBe(teamTrades("alpha").length);
    const min = "1000";
    const big = teamTrades("alpha").filter((t) => units(t.volume) >= units(min));
    const filtered = await summarizeTrades(alphaLead, query({ volume_min: min }));
    expect(filtered.count).toBe(big.length);
    expect(filtered.total_volume).toBe(expectedTotals(big).total_volume);
  });

  it("answers zeros and no average for an empty selection", async () => {
    const summary = await summarizeTrades(alphaLead, query({ sign_date_from: "2999-01-01" }));
    expect(summary).toEqual({ count: 0, total_volume: "0", vwap_price_per_share: null, by_company: [], by_broker: [], by_month: [] });
  });
});
