import { describe, expect, it } from "vitest";
import { callRoute, fetchAll } from "@/lib/testing/http";
import { SECRETS } from "@/lib/testing/fixtures/accounts";
import { GET as getIndication } from "./my/indications/[id]/route";
import { GET as listIndications } from "./my/indications/route";
import { GET as getTrade } from "./my/trades/[id]/route";
import { GET as listTrades } from "./my/trades/route";

/**
 * One serializer per resource (lib/db/item.ts): an indication or a trade read alone is the very
 * item its list shows, field for field and in the same order, for every fixture row of two teams
 * (edge decimals, empty and full lists, nulls, timestamps to the millisecond).
 */
const RESOURCES = [
  { name: "indications", list: listIndications, one: getIndication },
  { name: "trades", list: listTrades, one: getTrade },
] as const;

describe.each(RESOURCES)("GET /my/$name/{id}", ({ name, list, one }) => {
  it.each([SECRETS.alphaBroker, SECRETS.betaBroker])("is the list's item, byte for byte once parsed (key %#)", async (key) => {
    const { items } = await fetchAll<{ id: string }>(list, `/api/v1/my/${name}`, name, key);
    expect(items.length).toBeGreaterThan(5);
    for (const item of items) {
      const alone = await callRoute(one, `/api/v1/my/${name}/${item.id}`, { key });
      expect(alone.status).toBe(200);
      expect(alone.text).toBe(JSON.stringify(item));
    }
  });
});
