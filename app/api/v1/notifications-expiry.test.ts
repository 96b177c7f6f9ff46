import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { withAppOnOwnDatabase } from "@/lib/testing/own-database";
import { getDb } from "@/lib/db/client";
import { newRowId } from "@/lib/db/row-id";
import { member, newOffer, type Member } from "./_testing/deals";
import { BROKER_PERMISSIONS } from "@/lib/domain/enums";

/**
 * Expired notifications (older than 90 days) are deleted by age as notifications are written, at
 * most once a minute per process and again while a full batch of 1,000 came back
 * (lib/notifications/record.ts), through the real routes on a database of the file's own.
 */

withAppOnOwnDatabase();
let buyer: Member & { userId: string };
let bystander: Member & { userId: string };
const PRICE = "41";
beforeAll(async () => {
  const seller = await member("Seller", BROKER_PERMISSIONS);
  buyer = await member("Buyer", BROKER_PERMISSIONS);
  bystander = await member("Bystander", BROKER_PERMISSIONS);
  await newOffer(seller, { price_per_share: PRICE, minimum_volume: null });
});

const DAY = 86_400_000;

/** One write that notifies: a bid of the buyer's crossing the seller's offer (a new pair each time). */
async function crossingBid(): Promise<void> {
  await newOffer(buyer, { side: "bid", structure: null, acceptable_structures: ["direct"], price_per_share: PRICE, minimum_volume: null });
}

async function notificationsAged(days: number, count: number, label: string, userId = buyer.userId): Promise<void> {
  const createdAt = new Date(Date.now() - days * DAY);
  const row = () => ({ id: newRowId(), userId, kind: "possible_match", companyId: "", resourceType: "indication", resourceId: "", auditEventId: "", data: JSON.stringify({ label }), createdAt });
  await getDb().notification.createMany({ data: Array.from({ length: count }, row) });
}

const countOf = (label: string) => getDb().notification.count({ where: { data: JSON.stringify({ label }) } });

/** The clock a minute on (Date only: the database's I/O keeps its real timers). */
function aMinuteLater(): void {
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 61_000, shouldAdvanceTime: true });
}

describe("expired notifications", () => {
  afterAll(() => vi.useRealTimers());

  it("are deleted 1,000 a write while a full batch comes back, else once a minute; the kept ones stay", async () => {
    // The oldest first, whoever they were for: the bystander is told of nothing here.
    await notificationsAged(92, 1_000, "expired", bystander.userId);
    await notificationsAged(91, 1, "expired");
    await notificationsAged(89, 3, "kept");
    aMinuteLater();
    await crossingBid();
    expect(await countOf("expired")).toBe(1);
    await crossingBid();
    expect(await countOf("expired")).toBe(0);
    // That batch was not full: the next prune is a minute away.
    await notificationsAged(91, 2, "later");
    await crossingBid();
    expect(await countOf("later")).toBe(2);
    aMinuteLater();
    await crossingBid();
    expect(await countOf("later")).toBe(0);
    expect(await countOf("kept")).toBe(3);
  });
});
