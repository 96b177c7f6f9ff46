import { afterEach, describe, expect, it, vi } from "vitest";
import { sharedRead } from "./shared-read";

/** lib/cache/shared-read.ts: the requests that find one page changed read it once between them. */

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ([resolve, reject] = [res, rej]));
  return { promise, resolve, reject };
}

describe("sharedRead", () => {
  afterEach(() => vi.useRealTimers());

  it("runs one read for the requests that come while it is under way, and a new one after it", async () => {
    let reads = 0;
    const gate = deferred<string>();
    const read = () => {
      reads++;
      return gate.promise;
    };
    const waiting = [sharedRead("page\u0000a\u00007", read), sharedRead("page\u0000a\u00007", read), sharedRead("page\u0000a\u00007", read)];
    gate.resolve("body at 7");
    expect(await Promise.all(waiting)).toEqual(["body at 7", "body at 7", "body at 7"]);
    expect(reads).toBe(1);
    await sharedRead("page\u0000a\u00007", async () => {
      reads++;
      return "read again";
    });
    expect(reads).toBe(2);
  });

  it("never shares a read between other counters or another page", async () => {
    const gate = deferred<string>();
    const first = sharedRead("page\u0000a\u00007", () => gate.promise);
    const newer = sharedRead("page\u0000a\u00008", async () => "body at 8");
    const other = sharedRead("page\u0000b\u00007", async () => "page b");
    expect(await newer).toBe("body at 8");
    expect(await other).toBe("page b");
    gate.resolve("body at 7");
    expect(await first).toBe("body at 7");
  });

  it("fails every sharer of a failed read; the next request reads again", async () => {
    const gate = deferred<string>();
    const waiting = [sharedRead("page\u0000c\u00001", () => gate.promise), sharedRead("page\u0000c\u00001", () => gate.promise)];
    gate.reject(new Error("database gone"));
    for (const result of await Promise.allSettled(waiting)) expect(result.status).toBe("rejected");
    expect(await sharedRead("page\u0000c\u00001", async () => "recovered")).toBe("recovered");
  });

  it("does not join a read older than a second: a stuck read holds no later request", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const stuck = deferred<string>();
    void sharedRead("page\u0000d\u00001", () => stuck.promise);
    vi.setSystemTime(Date.now() + 999);
    const joined = sharedRead("page\u0000d\u00001", async () => "not read");
    vi.setSystemTime(Date.now() + 2);
    expect(await sharedRead("page\u0000d\u00001", async () => "read again")).toBe("read again");
    stuck.resolve("late");
    expect(await joined).toBe("late");
  });
});
