import { afterEach, describe, expect, it, vi } from "vitest";
import type { Change } from "./change";

/**
 * Next.js bundles a module once per layer: a server action's write runs in one copy of bus.ts, the
 * stream route listens in another. A change announced by either copy must reach every listener of
 * the process (docs/architecture.md, "Live stream").
 */

type Bus = typeof import("./bus");

async function freshCopy(): Promise<Bus> {
  vi.resetModules();
  return import("./bus");
}

const change: Change = { teamId: "team-beta", action: "indication.created", resourceId: "r1", companyId: "c1", market: { everyone: true } };
const noNotify = () => Promise.resolve();

describe("the live bus across copies of its module", () => {
  const unlisteners: (() => void)[] = [];
  afterEach(() => unlisteners.splice(0).forEach((unlisten) => unlisten()));

  it("hands a change announced in one copy to the listeners of another, once each", async () => {
    const writer = await freshCopy();
    const stream = await freshCopy();
    expect(stream).not.toBe(writer);
    const heardByStream: Change[] = [];
    const heardByWriter: Change[] = [];
    unlisteners.push(stream.listen((heard) => heardByStream.push(heard)));
    unlisteners.push(writer.listen((heard) => heardByWriter.push(heard)));
    const countBefore = stream.changesHeard();

    writer.announce(change, noNotify);

    expect(heardByStream).toEqual([change]);
    expect(heardByWriter).toEqual([change]);
    expect(stream.changesHeard()).toBe(countBefore + 1);
  });

  it("keeps delivering to the others when one listener throws", async () => {
    const bus = await freshCopy();
    const heard: Change[] = [];
    unlisteners.push(
      bus.listen(() => {
        throw new Error("a broken listener");
      }),
    );
    unlisteners.push(bus.listen((one) => heard.push(one)));
    bus.announce(change, noNotify);
    expect(heard).toEqual([change]);
  });
});
