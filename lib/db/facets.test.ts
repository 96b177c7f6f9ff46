import { describe, expect, it } from "vitest";
import { INDICATION_FACETS } from "@/lib/indications/facets";
import { indicationList } from "@/lib/indications/queries";
import { indicationListParamsSchema } from "@/lib/indications/schema";
import { TEAMS } from "@/lib/testing/fixtures/accounts";
import { teamIndications } from "@/lib/testing/fixtures/indications";
import { indicationRows } from "@/lib/testing/fixtures/stored";
import { withOwnDatabase } from "@/lib/testing/own-database";
import { facetCounts } from "./facets";
import { parseQuery } from "@/lib/schema/params";

/** Cached faceted counts never outlive a write, whichever connection made it (the change counters). */

const own = withOwnDatabase();
const ALPHA = teamIndications("alpha");
const TEMPLATE = indicationRows().find((r) => r.teamId === TEAMS.alpha.id && r.side === "bid")!;

async function counts(params = "") {
  const parsed = parseQuery(indicationListParamsSchema, new URLSearchParams(params));
  if (!parsed.ok) throw parsed.error;
  const query = parsed.value;
  return facetCounts(
    own.engine,
    INDICATION_FACETS.map((name) => ({ name, column: name, list: indicationList(TEAMS.alpha.id, { ...query, [name]: undefined }) })),
  );
}

describe("facetCounts", () => {
  it("counts from the fixture, and recounts after another connection's insert and delete", async () => {
    const bids = ALPHA.filter((r) => r.side === "bid").length;
    const before = await counts("stage=open");
    expect((await counts()).side.bid).toBe(bids);
    expect(before.side.bid).toBe(ALPHA.filter((r) => r.side === "bid" && r.stage === "open").length);
    // Cached now; another connection writes.
    const id = "00000000-0000-4000-8000-00000000fac1";
    const now = new Date(Date.UTC(2030, 0, 1));
    await own.writer.indication.create({ data: { ...TEMPLATE, id, permalinkId: "facet-test", stage: "open", createdAt: now, updatedAt: now } });
    expect((await counts("stage=open")).side.bid).toBe(before.side.bid + 1);
    expect((await counts()).side.bid).toBe(bids + 1);
    await own.writer.indication.delete({ where: { id } });
    expect((await counts("stage=open")).side.bid).toBe(before.side.bid);
  });
});
