import { randomUUID } from "node:crypto";
import type { Caller } from "../auth/caller";
import type { Db } from "../db/client";
import { toStoredDecimal } from "../domain/decimal";
import { FIXTURE_PASSWORD_HASH } from "./fixtures/accounts";
import type { BookRow, TapeRow } from "./market-oracle";

/**
 * Writing market rows for the market tests on a database of their own (lib/testing/own-database.ts):
 * teams, members and their indications and trades, as the oracle (market-oracle.ts) describes them.
 */

export interface Member {
  caller: Caller;
  teamId: string;
  teamName: string;
}

export async function addTeam(db: Db, name: string, emails: string[]): Promise<Member[]> {
  const teamId = randomUUID();
  const teamName = `${name} ${teamId.slice(0, 8)}`;
  await db.team.create({ data: { id: teamId, name: teamName, createdAt: new Date() } });
  const members: Member[] = [];
  for (const email of emails) {
    const userId = randomUUID();
    await db.user.create({
      data: { id: userId, email, name: email, passwordHash: FIXTURE_PASSWORD_HASH, role: "broker", permissions: JSON.stringify(["companies"]), teamId, createdAt: new Date() },
    });
    members.push({ caller: { userId, email, name: email, teamId, teamName, role: "broker", permissions: ["companies"], via: "session" }, teamId, teamName });
  }
  return members;
}

/** A new row's id, and its owner and company. */
function ownedBy(owner: Member, issuerId: string) {
  return { id: randomUUID(), teamId: owner.teamId, teamName: owner.teamName, userId: owner.caller.userId, issuerId };
}

/** An open public indication of `owner` in `issuerId` (a bid for direct, an offer of direct), as `partial` changes it. */
let permalink = 0;
const nextPermalink = (prefix: string) => `${prefix}-${Date.now()}-${permalink++}`;

export function marketIndication(
  owner: Member,
  issuerId: string,
  partial: Partial<BookRow> & Pick<BookRow, "side" | "pricePerShare">,
): BookRow & { userId: string } {
  return {
    ...ownedBy(owner, issuerId),
    permalinkId: nextPermalink("IND-MKT"),
    stage: "open",
    visibility: "order_book_public",
    privateRecipients: [],
    volume: "1000",
    minimumVolume: null,
    structure: partial.side === "offer" ? "direct" : null,
    acceptableStructures: partial.side === "bid" ? ["direct"] : [],
    stockType: "secondary",
    stockClassType: "common",
    updatedAt: new Date(Date.UTC(2026, 0, 1)),
    ...partial,
    // Refreshed by its last change unless the test says otherwise, as a write through the API does.
    lastRefreshedAt: partial.lastRefreshedAt ?? partial.updatedAt ?? new Date(Date.UTC(2026, 0, 1)),
  };
}

/** A verified, attributed direct trade of `owner` in `issuerId`, as `partial` changes it. */
export function marketTrade(
  owner: Member,
  issuerId: string,
  partial: Partial<TapeRow> & Pick<TapeRow, "pricePerShare" | "volume" | "signDate">,
): TapeRow & { userId: string } {
  return {
    ...ownedBy(owner, issuerId),
    attributedToOwner: true,
    isVerified: true,
    structure: "direct",
    stockType: "secondary",
    stockClassType: "common",
    ...partial,
  };
}


/** The columns every record row has that another team must never see: the visibility tests look for these values. */
function ownedColumns(r: { id: string; teamId: string; userId: string; issuerId: string; pricePerShare: string; volume: string; stockType: string; stockClassType: string }) {
  return {
    id: r.id,
    teamId: r.teamId,
    userId: r.userId,
    issuerId: r.issuerId,
    clientId: "secret-client",
    details: "secret details",
    thirdPartyId: "secret-third-party",
    pricePerShare: toStoredDecimal(r.pricePerShare),
    volume: toStoredDecimal(r.volume),
    stockType: r.stockType,
    stockClassType: r.stockClassType,
  };
}

export async function addIndications(db: Db, rows: (BookRow & { userId: string })[]): Promise<void> {
  await db.indication.createMany({
    data: rows.map((r) => ({
      ...ownedColumns(r),
      acceptableStructures: JSON.stringify(r.acceptableStructures),
      carriedInterestFeePercent: toStoredDecimal("20"),
      createdAt: new Date(r.updatedAt.getTime() - 1000),
      lastRefreshedAt: r.lastRefreshedAt,
      managementFeePercent: toStoredDecimal("2"),
      minimumVolume: r.minimumVolume === null ? null : toStoredDecimal(r.minimumVolume),
      openedAt: new Date(r.updatedAt.getTime() - 1000),
      permalinkId: r.permalinkId,
      privateRecipients: JSON.stringify(r.privateRecipients),
      side: r.side,
      stage: r.stage,
      stockClass: "Series A",
      structure: r.structure,
      updatedAt: r.updatedAt,
      visibility: r.visibility,
    })),
  });
}

export async function addTrades(db: Db, rows: (TapeRow & { userId: string })[]): Promise<void> {
  await db.trade.createMany({
    data: rows.map((r) => ({
      ...ownedColumns(r),
      attributedToOwner: r.attributedToOwner,
      carriedInterestFeePercent: null,
      createdAt: new Date(),
      isVerified: r.isVerified,
      managementFeePercent: null,
      permalinkId: nextPermalink("TRD-MKT"),
      signDate: r.signDate,
      stockClass: null,
      structure: r.structure,
      updatedAt: new Date(),
      verificationOfficerEmail: "officer@secret.test",
      verificationOfficerName: "Secret Officer",
      wonDate: r.signDate,
    })),
  });
}
