import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { mulberry32 } from "@/lib/random";
import { VISIBILITIES } from "@/lib/domain/enums";
import { SPECIAL_COMPANIES } from "@/lib/testing/fixtures/companies";
import { expectedBook, type BookRow } from "@/lib/testing/market-oracle";
import { addIndications, addTeam, type Member } from "@/lib/testing/market-rows";
import { withOwnDatabase } from "@/lib/testing/own-database";
import { getOrderBook } from "./queries";

/**
 * The randomized test of issue 14: many teams, members and private recipients (named in any case,
 * look-alikes that a substring or LIKE match would confuse, strangers), random sides, stages,
 * prices and times with many ties; every member's book from the API's data function must equal the
 * book computed independently from the rows (lib/testing/market-oracle.ts), at several depths.
 */

const own = withOwnDatabase();
const COMPANY = SPECIAL_COMPANIES.untraded.id;
const ROWS: (BookRow & { userId: string })[] = [];
const MEMBERS: Member[] = [];
const rand = mulberry32(20261127);
const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)];
const PRICES = ["0.00000001", "1", "9.5", "10", "10.00000001", "12.5", "100", "1234567890123456.78"];

function randomCase(email: string): string {
  return [...email].map((ch) => (rand() < 0.5 ? ch.toUpperCase() : ch)).join("");
}

beforeAll(async () => {
  const db = own.database.db;
  for (let t = 0; t < 8; t++) {
    // Underscores and dots: a LIKE pattern or a substring test would match look-alikes.
    MEMBERS.push(...(await addTeam(db, `Team ${t}`, [`desk_${t}@team${t}.test`, `ops.${t}@team${t}.test`])));
  }
  // A team with no rows: an outsider to everything unless named.
  MEMBERS.push(...(await addTeam(db, "Watcher", ["watcher@watch.test"])));
  const emails = MEMBERS.map((m) => m.caller.email);
  const lookAlikes = emails.flatMap((e) => [e.replace("_", "x"), `x${e}`, `${e}.org`, e.replace(".", "_")]);
  const writers = MEMBERS.filter((m) => !m.teamName.startsWith("Watcher"));
  for (let i = 0; i < 400; i++) {
    const writer = pick(writers);
    const side = rand() < 0.5 ? "bid" : "offer";
    const visibility = pick(VISIBILITIES);
    const recipients =
      visibility === "private" ? Array.from({ length: Math.floor(rand() * 4) }, () => (rand() < 0.5 ? randomCase(pick(emails)) : pick(lookAlikes))) : [];
    ROWS.push({
      id: randomUUID(),
      permalinkId: `IND-RANDOM-${i}`,
      teamId: writer.teamId,
      teamName: writer.teamName,
      userId: writer.caller.userId,
      issuerId: COMPANY,
      side,
      stage: rand() < 0.75 ? "open" : "closed_lost",
      visibility,
      privateRecipients: recipients,
      pricePerShare: pick(PRICES),
      volume: pick(["1000", "25000.5", "0.00000001"]),
      minimumVolume: rand() < 0.5 ? null : "1000",
      structure: side === "offer" ? pick(["direct", "spv_1_layer", "spv"]) : null,
      acceptableStructures: side === "bid" ? ["direct", "forward_contract"].filter(() => rand() < 0.7) : [],
      stockType: pick(["primary", "secondary"]),
      stockClassType: pick(["common", "preferred"]),
      // Few distinct times: many ties on price and time, decided by id.
      updatedAt: new Date(Date.UTC(2026, 0, 1) + Math.floor(rand() * 5) * 60_000 + (rand() < 0.3 ? 123 : 0)),
      // Refreshed before its last change (a change by another write, a close): the entry says which.
      lastRefreshedAt: new Date(Date.UTC(2025, 11, 1) + Math.floor(rand() * 30) * 86_400_000),
    });
  }
  await addIndications(db, ROWS);
});

describe("order book, randomized", () => {
  it("equals the book computed from the rows for every member of every team, at several depths", async () => {
    let privateSeen = 0;
    let privateHidden = 0;
    for (const member of MEMBERS) {
      const viewer = { teamId: member.teamId, email: member.caller.email };
      for (const depth of [1, 7, 200]) {
        const { company, ...book } = await getOrderBook(member.caller, COMPANY, { depth }, own.engine);
        expect(company.id).toBe(COMPANY);
        expect(book, `${member.caller.email} depth ${depth}`).toEqual(expectedBook(ROWS, viewer, COMPANY, depth));
      }
      const visible = ROWS.filter((r) => r.stage === "open" && r.visibility === "private" && r.teamId !== member.teamId);
      const named = visible.filter((r) => r.privateRecipients.some((e) => e.toLowerCase() === member.caller.email));
      privateSeen += named.length;
      privateHidden += visible.length - named.length;
    }
    // The data exercised both sides of the private rule.
    expect(privateSeen).toBeGreaterThan(10);
    expect(privateHidden).toBeGreaterThan(10);
  });
});
